// The session's MCP servers: each started in the background when the agent is made, its status
// told as session events (connecting, connected with its tools, failed and why, closed), its
// tools offered to the model once it is connected. A turn waits for servers still starting, at
// most the connect timeout, so the first message already has their tools; a server that fails
// or goes away is told in the conversation and /mcp, and the turn goes on without it. Closing
// the pool closes every server, those still starting too.
import { randomUUID } from 'node:crypto';
import type { AgentEvent, McpPromptInfo, McpResourceInfo } from '@wave-agent/shared-protocol';
import type { GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { Logger } from '../logger.js';
import type { AnyTool } from '../tools/define-tool.js';
import { errorMessage } from '../tools/error-details.js';
import { elicitFromUser } from './elicitation.js';
import { expandVariables } from './expand-variables.js';
import type { McpConnection } from './mcp-connection.js';
import { adaptMcpTools } from './mcp-tool-adapter.js';
import type { McpTimeouts } from './mcp-timeouts.js';
import { isRemoteServer, serverTarget, serverTransport } from './server-target.js';
import type { McpServerPlace } from './server-target.js';

export interface McpServerPoolOptions {
  readonly emit: (event: AgentEvent) => void;
  readonly workdir: string;
  /** Where `${VAR}` in a configuration is read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The settings' variables every stdio server gets under its own `env`. */
  readonly serverEnv?: Readonly<Record<string, string>>;
  readonly timeouts: McpTimeouts;
  readonly logger: Logger;
}

interface Entry {
  readonly config: McpServerPlace;
  connection?: McpConnection;
  tools: readonly AnyTool[];
  /** Failed, lost or closed: nothing more is said about it. */
  done: boolean;
  /** Why it failed or stopped, as told. */
  reason?: string;
}

export class McpServerPool {
  private readonly entries = new Map<string, Entry>();
  private readonly starting = new Set<Promise<void>>();
  /** Servers that failed to connect and are still being stopped. */
  private readonly stopping = new Set<Promise<void>>();
  private closed = false;
  /** Stops servers still starting when the pool closes. */
  private readonly closing = new AbortController();

  constructor(private readonly options: McpServerPoolOptions) {}

  /** Starts connecting to each server (not awaited: see `ready`). */
  start(servers: Readonly<Record<string, McpServerPlace>>): void {
    for (const [name, config] of Object.entries(servers)) {
      if (this.entries.has(name) || this.closed) continue;
      this.entries.set(name, { config, tools: [], done: false });
      this.begin(name, config);
    }
  }

  /** Says the server is connecting and connects (tracked in `starting`). */
  private begin(name: string, config: McpServerPlace): void {
    this.options.emit({
      type: 'mcpServerConnecting',
      server: name,
      transport: serverTransport(config),
      target: serverTarget(config),
      at: Date.now(),
    });
    const started = this.connect(name, config);
    this.starting.add(started);
    void started.finally(() => this.starting.delete(started));
  }

  /**
   * Stops the server (if it still runs) and starts it again with its configuration (/mcp restart):
   * a server that failed or went away gets another go. Throws for a name this session has none of.
   */
  async restart(name: string): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry || this.closed) {
      const names = [...this.entries.keys()];
      throw new Error(
        `There is no MCP server "${name}" in this session${names.length > 0 ? `; its servers: ${names.join(', ')}` : ''}.`,
      );
    }
    if (!entry.done && !entry.connection)
      throw new Error(`The MCP server "${name}" is still starting; /mcp shows when it is ready.`);
    const connection = entry.connection;
    entry.connection = undefined;
    entry.tools = [];
    entry.done = false;
    delete entry.reason;
    if (connection) await connection.close();
    this.begin(name, entry.config);
  }

  /**
   * A new conversation (/clear) gets new streamable HTTP sessions: each server that keeps one is
   * told the old one is over (a DELETE, as the spec asks) and connected again; the next turn waits
   * for it as for any server starting. Servers over stdio, and HTTP servers without sessions,
   * stay as they are.
   */
  async renewHttpSessions(): Promise<void> {
    const ending: Promise<void>[] = [];
    for (const [name, entry] of this.entries) {
      const connection = entry.connection;
      if (entry.done || this.closed || !connection?.hasHttpSession) continue;
      entry.connection = undefined;
      entry.tools = [];
      ending.push(connection.close().then(() => this.begin(name, entry.config)));
    }
    await Promise.all(ending);
  }

  /** Resolves when no server is still starting (each is bounded by the connect timeout), or on abort. */
  async ready(signal: AbortSignal): Promise<void> {
    if (this.starting.size === 0 || signal.aborted) return;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([Promise.all(this.starting), aborted]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Gets a prompt of a connected server with the user's arguments (`prompts/get`); throws a
   * sentence when the server is not connected or the call fails.
   */
  async getPrompt(
    server: string,
    prompt: string,
    args: Record<string, string>,
    signal: AbortSignal,
  ): Promise<GetPromptResult> {
    const entry = this.entries.get(server);
    const connection = entry && !entry.done ? entry.connection : undefined;
    if (!connection) {
      const why = entry?.reason !== undefined ? ` ${entry.reason}` : '';
      throw new Error(
        `The MCP server "${server}" is not connected, so its prompt ${prompt} cannot be run.${why} /mcp shows it; /mcp restart ${server} starts it again.`,
      );
    }
    return connection.getPrompt(prompt, args, signal);
  }

  /** Reads a resource of a connected server; throws a sentence when it cannot. */
  async readResource(
    server: string,
    uri: string,
    signal: AbortSignal,
  ): Promise<ReadResourceResult> {
    const entry = this.entries.get(server);
    const connection = entry && !entry.done ? entry.connection : undefined;
    if (!connection) {
      const why = entry?.reason !== undefined ? ` ${entry.reason}` : '';
      throw new Error(
        `The MCP server "${server}" is not connected, so ${uri} cannot be read.${why} /mcp shows it; /mcp restart ${server} starts it again.`,
      );
    }
    return connection.readResource(uri, signal);
  }

  /** The tools of the servers connected now. */
  get tools(): readonly AnyTool[] {
    return [...this.entries.values()].flatMap((entry) => (entry.done ? [] : entry.tools));
  }

  /**
   * Why a tool the model called is not there, when its name is one of a configured server's
   * (`mcp__<server>__…`): the server is down (and why), still starting, or has no such tool.
   * Undefined for a name no server of this session has.
   */
  whyUnavailable(toolName: string): string | undefined {
    const server = [...this.entries.keys()]
      .filter((name) => toolName.startsWith(`mcp__${name}__`))
      .sort((a, b) => b.length - a.length)[0];
    const entry = server === undefined ? undefined : this.entries.get(server);
    if (server === undefined || !entry) return undefined;
    if (entry.reason !== undefined)
      return `${toolName} cannot be called: the MCP server "${server}" is not running. ${entry.reason} Tell the user what went wrong; once it is fixed, they can restart it with /mcp restart ${server}.`;
    if (entry.done) return `${toolName} cannot be called: the MCP server "${server}" was closed.`;
    if (!entry.connection)
      return `${toolName} cannot be called yet: the MCP server "${server}" is still starting. Try again in a moment.`;
    const names = entry.tools.map((tool) => tool.name);
    return `The MCP server "${server}" has no tool named ${toolName}; its tools are: ${names.join(', ') || 'none'}.`;
  }

  /**
   * Closes every server; each still connected or starting is told as closed. Resolves when
   * every process it started has stopped (those that failed to connect too).
   */
  async closeAll(): Promise<void> {
    this.closed = true;
    const closing: Promise<void>[] = [];
    for (const [name, entry] of this.entries) {
      if (entry.done) continue;
      entry.done = true;
      this.options.emit({ type: 'mcpServerClosed', server: name, at: Date.now() });
      if (entry.connection) closing.push(entry.connection.close());
    }
    this.closing.abort();
    await Promise.all([...closing, ...this.starting]);
    await Promise.all(this.stopping);
  }

  private async connect(name: string, raw: McpServerPlace): Promise<void> {
    // A relayed server has no variables to expand and no process of Wave's to start.
    const { config: expanded, missing } =
      raw.type === 'sdk' ? { config: raw, missing: [] } : expandVariables(raw, this.options.env);
    const serverEnv = this.options.serverEnv ?? {};
    const config =
      expanded.type === 'sdk' || isRemoteServer(expanded) || Object.keys(serverEnv).length === 0
        ? expanded
        : { ...expanded, env: { ...serverEnv, ...expanded.env } };
    if (missing.length > 0) {
      this.notice(
        `The MCP server "${name}" uses ${missing.map((variable) => `\${${variable}}`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not set; Wave starts it with nothing in ${missing.length === 1 ? 'its' : 'their'} place.`,
      );
    }
    let connection: McpConnection;
    // The MCP SDK is loaded when a server is first started: most runs configure none (issue 12).
    const { McpConnectError, McpConnection: Connection } = await import('./mcp-connection.js');
    try {
      connection = await Connection.open({
        name,
        config,
        workdir: this.options.workdir,
        timeouts: this.options.timeouts,
        logger: this.options.logger,
        onLost: (reason) => this.fail(name, reason, 'stopped'),
        signal: this.closing.signal,
      });
    } catch (error) {
      if (error instanceof McpConnectError) {
        this.stopping.add(error.stopped);
        void error.stopped.finally(() => this.stopping.delete(error.stopped));
      }
      this.fail(name, errorMessage(error), 'is not available');
      return;
    }
    const entry = this.entries.get(name);
    if (!entry || entry.done) {
      // Closed (or failed) while it was starting: it must not run on.
      await connection.close();
      return;
    }
    const adapted = adaptMcpTools(name, connection.tools, (tool, args, signal, asking) =>
      connection.call(tool, args, signal, elicitFromUser(name, asking, this.options.emit)),
    );
    for (const problem of adapted.problems) this.notice(`The MCP server "${name}": ${problem}`);
    if (connection.promptProblem !== undefined)
      this.notice(`The MCP server "${name}": ${connection.promptProblem}`);
    entry.connection = connection;
    entry.tools = adapted.tools;
    const prompts = connection.prompts.map(promptInfo);
    const resources = connection.resources.slice(0, MAX_LISTED_RESOURCES).map(resourceInfo);
    this.options.emit({
      type: 'mcpServerConnected',
      server: name,
      tools: adapted.tools.map((tool) => tool.name),
      ...(prompts.length > 0 ? { prompts } : {}),
      ...(resources.length > 0 ? { resources } : {}),
      at: Date.now(),
    });
  }

  private fail(name: string, reason: string, what: 'stopped' | 'is not available'): void {
    const entry = this.entries.get(name);
    if (!entry || entry.done) return;
    entry.done = true;
    entry.reason = reason;
    this.options.emit({ type: 'mcpServerFailed', server: name, reason, at: Date.now() });
    this.notice(`The MCP server "${name}" ${what}. ${reason}`);
  }

  /** A warning in the conversation, so every host (and print mode's stderr) shows it. */
  private notice(message: string): void {
    this.options.logger.warn(message);
    this.options.emit({
      type: 'noticeAdded',
      messageId: randomUUID(),
      createdAt: Date.now(),
      level: 'warning',
      message,
    });
  }
}

/** The most resources of one server the session state lists (every host holds the list). */
const MAX_LISTED_RESOURCES = 500;

/** What the session state keeps of a server's resource, for mentions and their completion. */
function resourceInfo(resource: McpConnection['resources'][number]): McpResourceInfo {
  return {
    uri: resource.uri,
    name: resource.name,
    ...(resource.description !== undefined ? { description: resource.description } : {}),
    ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),
  };
}

/** What the session state keeps of a server's prompt: its name, description and arguments. */
function promptInfo(prompt: McpConnection['prompts'][number]): McpPromptInfo {
  const description = prompt.description ?? prompt.title;
  return {
    name: prompt.name,
    ...(description !== undefined ? { description } : {}),
    arguments: (prompt.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...(argument.description !== undefined ? { description: argument.description } : {}),
      ...(argument.required !== undefined ? { required: argument.required } : {}),
    })),
  };
}
