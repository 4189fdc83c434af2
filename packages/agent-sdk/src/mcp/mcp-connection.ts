// One connection to one MCP server, on the SDK's client: started (a child process for stdio, a
// URL for http/sse), its tools listed, calls made, closed. Every wait is bounded (mcp-timeouts)
// and every failure becomes a sentence saying what happened and what to do: a program that is
// not there, a server that never answers, one that exits (during a call too), a URL that cannot
// be reached. The server's process gets only the SDK's short list of safe variables (PATH, HOME,
// …) plus its configured `env`: never Wave's own environment, so never the user's API key.
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type {
  CallToolResult,
  ElicitRequest,
  ElicitResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  Tool,
  Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { isRemoteServer } from './server-target.js';
import type { McpServerPlace } from './server-target.js';
import { RelayedTransport } from './relayed-transport.js';
import type { Logger } from '../logger.js';
import { errorCode, errorMessage } from '../tools/error-details.js';
import { rememberChild, stopChild } from './live-children.js';
import type { McpTimeouts } from './mcp-timeouts.js';
import { StderrTail } from './stderr-tail.js';

/** The longest single message a stdio server may send (the SDK's own default). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const CLIENT_INFO = { name: 'wave', version: '0.1.0' };
/** Wave shows a server's forms (elicitation in form mode); it opens no URLs for them. */
const CLIENT_CAPABILITIES = { elicitation: { form: {} } };
/** The SDK's own timeout is set out of reach: a call's is Wave's, paused while the user answers. */
const NO_SDK_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/**
 * How a tool call answers its server's elicitation (a form for the user): resolves with the
 * user's answer, or a decline or cancel; `signal` aborts when the server or the turn gives up.
 */
export type Elicit = (
  params: ElicitRequest['params'],
  signal: AbortSignal,
) => Promise<ElicitResult>;

/** A tool call under way: how its server's questions are answered, and its timer. */
interface CallInFlight {
  readonly elicit?: Elicit;
  readonly signal: AbortSignal;
  pause(): void;
  resume(): void;
}

export interface McpConnectionOptions {
  readonly name: string;
  /** With `${VAR}` already expanded. */
  readonly config: McpServerPlace;
  /** A stdio server starts here, as in Claude Code: relative paths in its arguments work. */
  readonly workdir: string;
  readonly timeouts: McpTimeouts;
  readonly logger: Logger;
  /** Told once when the server goes away without Wave closing it (it exited, the stream ended). */
  readonly onLost: (reason: string) => void;
  /** Aborted when Wave closes before the server is connected: starting stops at once. */
  readonly signal?: AbortSignal;
}

/** A connection that could not be made; the message is a sentence for the user. */
export class McpConnectError extends Error {
  override readonly name = 'McpConnectError';

  constructor(
    message: string,
    /** Resolves when what was started (a process that hangs, say) has been stopped. */
    readonly stopped: Promise<void>,
  ) {
    super(message);
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The code of a failed fetch (ECONNREFUSED, ENOTFOUND) or spawn (ENOENT), if any. */
function causeCode(error: unknown): string | undefined {
  const own = errorCode(error);
  if (own !== undefined) return own;
  return error instanceof Error ? errorCode(error.cause) : undefined;
}

/** The SDK's stdio transport, remembering its process from the moment it starts. */
class TrackedStdioTransport extends StdioClientTransport {
  startedPid: number | null = null;

  override async start(): Promise<void> {
    await super.start();
    this.startedPid = this.pid;
    if (this.startedPid !== null) rememberChild(this.startedPid);
  }
}

export class McpConnection {
  private closing = false;
  private lost = false;
  /** Calls under way, oldest first: a server's elicitation goes to the newest. */
  private readonly inFlight: CallInFlight[] = [];

  private constructor(
    private readonly options: McpConnectionOptions,
    private readonly client: Client,
    private readonly transport: Transport,
    private readonly stderr: StderrTail,
    /** A stdio server's process, while it runs. */
    private readonly pid: number | null,
    readonly tools: readonly Tool[],
    /** Its prompts (`prompts/list`): slash commands for the user. */
    readonly prompts: readonly Prompt[],
    /** Why its prompts could not be listed, as a sentence (the server still serves its tools). */
    readonly promptProblem: string | undefined,
    /** Its resources (`resources/list`, the first page): `@server:uri` mentions for the user. */
    readonly resources: readonly Resource[],
  ) {}

  /** Starts the server and lists its tools, within the connect timeout; throws McpConnectError. */
  static async open(options: McpConnectionOptions): Promise<McpConnection> {
    const { timeouts } = options;
    const client = new Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES });
    // Set once connected; a form asked before that is declined (no call of Wave's asked for it).
    const opened: { connection?: McpConnection } = {};
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      opened.connection
        ? opened.connection.elicit(request.params, ctx.mcpReq.signal)
        : Promise.resolve({ action: 'decline' }),
    );
    const stderr = new StderrTail();
    const transport = transportFor(options, stderr);
    const deadline = Date.now() + timeouts.connectMs;
    const left = () => Math.max(1, deadline - Date.now());
    const pidOf = () => (transport instanceof TrackedStdioTransport ? transport.startedPid : null);
    const abort = options.signal ? { signal: options.signal } : {};
    let tools: Tool[];
    let prompts: Prompt[] = [];
    let promptProblem: string | undefined;
    let resources: Resource[] = [];
    try {
      await client.connect(transport, { timeout: left(), ...abort });
      tools = client.getServerCapabilities()?.tools
        ? (await client.listTools(undefined, { timeout: left(), ...abort })).tools
        : [];
      if (client.getServerCapabilities()?.prompts) {
        try {
          prompts = (await client.listPrompts(undefined, { timeout: left(), ...abort })).prompts;
        } catch (error) {
          if (options.signal?.aborted) throw error;
          promptProblem = `its prompts could not be listed (${errorMessage(error).slice(0, 300)}), so they are not offered as commands; its tools work.`;
        }
      }
      if (client.getServerCapabilities()?.resources) {
        try {
          resources = (await client.listResources(undefined, { timeout: left(), ...abort }))
            .resources;
        } catch (error) {
          if (options.signal?.aborted) throw error;
          // Not fatal: a mention of one of its resources is still read when it is sent.
          options.logger.warn(
            `The MCP server "${options.name}" could not list its resources: ${errorMessage(error).slice(0, 300)}`,
          );
        }
      }
    } catch (error) {
      // Said at once; stopping a server that hangs can take a few seconds more.
      const stopped = closeQuietly(client, transport, pidOf(), options.logger);
      throw new McpConnectError(connectProblem(options, error, stderr.said()), stopped);
    }
    const connection = new McpConnection(
      options,
      client,
      transport,
      stderr,
      pidOf(),
      tools,
      prompts,
      promptProblem,
      resources,
    );
    opened.connection = connection;
    client.onclose = () => connection.closed();
    client.onerror = (error) =>
      options.logger.warn(
        `The MCP server "${options.name}" sent something Wave could not use: ${errorMessage(error).slice(0, 300)}`,
      );
    return connection;
  }

  /** Whether it is a streamable HTTP server that keeps a session for Wave (`Mcp-Session-Id`). */
  get hasHttpSession(): boolean {
    return (
      this.transport instanceof StreamableHTTPClientTransport &&
      this.transport.sessionId !== undefined
    );
  }

  /**
   * Calls one tool; a failure (timeout, a server that went away, a refusal) throws a sentence.
   * `elicit` answers the server's forms during the call; the call's timeout waits while the user
   * answers one.
   */
  async call(
    toolName: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    elicit?: Elicit,
  ): Promise<CallToolResult> {
    const { name, timeouts } = this.options;
    if (this.lost || this.closing) {
      throw new Error(
        `The MCP server "${name}" is no longer running, so ${toolName} cannot be called. /mcp shows why; /mcp restart ${name} starts it again.`,
      );
    }
    const late = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const pause = (): void => clearTimeout(timer);
    const resume = (): void => {
      pause();
      timer = setTimeout(() => late.abort(), timeouts.callMs);
    };
    const entry: CallInFlight = { ...(elicit ? { elicit } : {}), signal, pause, resume };
    this.inFlight.push(entry);
    resume();
    try {
      return await this.client.callTool(
        { name: toolName, arguments: args },
        { timeout: NO_SDK_TIMEOUT_MS, signal: AbortSignal.any([signal, late.signal]) },
      );
    } catch (error) {
      throw new Error(this.callProblem(toolName, error, signal, undefined, late.signal.aborted), {
        cause: error,
      });
    } finally {
      pause();
      this.inFlight.splice(this.inFlight.indexOf(entry), 1);
    }
  }

  /**
   * The server asks the user for input (`elicitation/create`): stdio carries no link to the call
   * that caused it, so the newest call under way answers it; with none, it is declined.
   */
  private async elicit(
    params: ElicitRequest['params'],
    serverSignal: AbortSignal,
  ): Promise<ElicitResult> {
    const call = this.inFlight.at(-1);
    if (call?.elicit === undefined) {
      this.options.logger.warn(
        `The MCP server "${this.options.name}" asked the user for input outside a tool call of Wave's; it was declined.`,
      );
      return { action: 'decline' };
    }
    call.pause();
    try {
      return await call.elicit(params, AbortSignal.any([serverSignal, call.signal]));
    } finally {
      if (this.inFlight.includes(call)) call.resume();
    }
  }

  /**
   * Gets one of its prompts with the user's arguments (`prompts/get`); a failure throws a
   * sentence that names the server and the prompt.
   */
  async getPrompt(
    promptName: string,
    args: Record<string, string>,
    signal: AbortSignal,
  ): Promise<GetPromptResult> {
    const { name, timeouts } = this.options;
    const what = `the prompt ${promptName}`;
    if (this.lost || this.closing) {
      throw new Error(
        `The MCP server "${name}" is no longer running, so ${what} cannot be run. /mcp shows why; /mcp restart ${name} starts it again.`,
      );
    }
    try {
      return await this.client.getPrompt(
        { name: promptName, arguments: args },
        { timeout: timeouts.callMs, signal },
      );
    } catch (error) {
      throw new Error(this.callProblem(what, error, signal, 'the arguments you gave it'), {
        cause: error,
      });
    }
  }

  /** Reads one of its resources (`resources/read`); a failure throws a sentence. */
  async readResource(uri: string, signal: AbortSignal): Promise<ReadResourceResult> {
    const { name, timeouts } = this.options;
    const what = `the resource ${uri}`;
    if (this.lost || this.closing) {
      throw new Error(
        `The MCP server "${name}" is no longer running, so ${what} cannot be read. /mcp restart ${name} starts it again.`,
      );
    }
    try {
      return await this.client.readResource({ uri }, { timeout: timeouts.callMs, signal });
    } catch (error) {
      throw new Error(this.callProblem(what, error, signal, 'the URI'), { cause: error });
    }
  }

  /** Ends the connection; a stdio server's process is stopped (stdin closed, then signals). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await closeQuietly(this.client, this.transport, this.pid, this.options.logger);
  }

  private closed(): void {
    if (this.closing || this.lost) return;
    this.lost = true;
    void stopChild(this.pid);
    this.options.onLost(
      `Its process ended${this.stderr.said()}. Its tools are gone until it is restarted (/mcp restart ${this.options.name}).`,
    );
  }

  /** `toolName` is what was called (a tool, or "the prompt x"); `check` what to look at on a refusal. */
  private callProblem(
    toolName: string,
    error: unknown,
    signal: AbortSignal,
    check = "the tool's name and input",
    timedOut = false,
  ): string {
    const { name, timeouts } = this.options;
    if (signal.aborted) return `${toolName} stopped: the user aborted the turn.`;
    if (timedOut || (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)) {
      return `The MCP server "${name}" did not answer ${toolName} within ${seconds(timeouts.callMs)}, so Wave stopped waiting (WAVE_MCP_TOOL_TIMEOUT_MS sets how long). It may still be working; try again, or ask for less at once.`;
    }
    if (this.lost || (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed)) {
      return `The MCP server "${name}" stopped while ${toolName} ran${this.stderr.said()}. Its tools are gone until it is restarted (/mcp restart ${name}).`;
    }
    if (error instanceof ProtocolError) {
      return `The MCP server "${name}" refused ${toolName}: ${error.message.slice(0, 500)} (error ${error.code}). Check ${check}.`;
    }
    const code = causeCode(error);
    return `Calling ${toolName} on the MCP server "${name}" failed: ${errorMessage(error).slice(0, 500)}${code ? ` (${code})` : ''}.`;
  }
}

function transportFor(options: McpConnectionOptions, stderr: StderrTail): Transport {
  const { config } = options;
  if (config.type === 'sdk') return new RelayedTransport(config.relay);
  if (isRemoteServer(config)) {
    const requestInit: RequestInit = { headers: { ...config.headers } };
    const url = new URL(config.url);
    return config.type === 'http'
      ? new StreamableHTTPClientTransport(url, { requestInit })
      : new SSEClientTransport(url, { requestInit });
  }
  const transport = new TrackedStdioTransport({
    command: config.command,
    args: [...(config.args ?? [])],
    ...(config.env ? { env: { ...config.env } } : {}),
    cwd: options.workdir,
    stderr: 'pipe',
    maxBufferSize: MAX_MESSAGE_BYTES,
  });
  // Read from the start: a full pipe would stall the server, and its first words say why it failed.
  transport.stderr?.on('data', (chunk: Buffer | string) => stderr.append(String(chunk)));
  return transport;
}

/** Why connecting failed, as a sentence that says what to check. */
function connectProblem(options: McpConnectionOptions, error: unknown, stderr: string): string {
  const { config, timeouts } = options;
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return `It did not answer within ${seconds(timeouts.connectMs)} of starting${stderr}. Check that it is an MCP server; WAVE_MCP_CONNECT_TIMEOUT_MS gives a slow one longer.`;
  }
  const code = causeCode(error);
  if (config.type === 'sdk')
    return `The app did not complete the MCP handshake: ${errorMessage(error).slice(0, 300)}. Check the server the app passed in mcpServers.`;
  if (isRemoteServer(config) && error instanceof SdkHttpError && error.status === 401) {
    // An OAuth server (GitHub's, Linear's …): say what it is, not "check the URL".
    return `${config.url} asks for a login (HTTP 401): Wave cannot log in to MCP servers with OAuth yet. If the server takes a token, give it in the server's "headers" (e.g. "Authorization": "Bearer \${TOKEN}").`;
  }
  if (isRemoteServer(config)) {
    return `Wave could not connect to ${config.url}: ${errorMessage(error).slice(0, 300)}${code ? ` (${code})` : ''}. Check that the server runs and the URL is right.`;
  }
  if (code === 'ENOENT') {
    return `Wave could not start "${config.command}": there is no such program (ENOENT) in ${options.workdir} or on the PATH. Install it or fix "command".`;
  }
  if (code === 'EACCES') {
    return `Wave could not start "${config.command}": it is not executable (EACCES). Fix "command" or the file's permissions.`;
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    return `Its process ended before it answered${stderr}. Run its command by hand to see why.`;
  }
  return `Connecting failed: ${errorMessage(error).slice(0, 300)}${code ? ` (${code})` : ''}${stderr}.`;
}

/** How long closing waits for a server to answer the DELETE that ends its session. */
const END_SESSION_MS = 3000;

/**
 * A streamable HTTP server with sessions is told the session is over (a DELETE with its
 * `Mcp-Session-Id`, as the spec asks), so it can free what it keeps for it; bounded, since a
 * server that does not answer must not hold up Wave's exit.
 */
async function endHttpSession(transport: Transport, logger: Logger): Promise<void> {
  if (!(transport instanceof StreamableHTTPClientTransport) || !transport.sessionId) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), END_SESSION_MS);
  });
  try {
    const ended = await Promise.race([transport.terminateSession(), late]);
    if (ended === 'late')
      logger.warn(
        `An MCP server did not answer the request that ends its session within ${seconds(END_SESSION_MS)}; Wave closed without waiting.`,
      );
  } catch (error) {
    logger.warn(`Ending an MCP server's HTTP session failed: ${errorMessage(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function closeQuietly(
  client: Client,
  transport: Transport,
  pid: number | null,
  logger: Logger,
): Promise<void> {
  try {
    await endHttpSession(transport, logger);
    await client.close();
    await transport.close();
  } catch (error) {
    logger.warn(`Closing an MCP server failed: ${errorMessage(error)}`);
  } finally {
    await stopChild(pid);
  }
}
