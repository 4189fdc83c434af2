// One plugin, read from its folder as the agent's loaders take it: Claude Code's layout
// (`commands/*.md`, `agents/*.md`, `skills/*/SKILL.md`, `hooks/hooks.json`, `.mcp.json`, and the
// manifest's overrides). Its commands and agents are named `plugin:name`; its hooks and servers
// have `${CLAUDE_PLUGIN_ROOT}`/`${CLAUDE_PLUGIN_DATA}` written out and both set in their
// environment. Whether it may run at all (installed by the user, or asked for by a trusted
// folder) is the caller's decision: a bundle in `AgentOptions.plugins` runs.
import { mkdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ContextScope, McpServers } from '@wave-agent/shared-protocol';
import { errorText, isRecord } from '@wave-agent/shared-protocol';
import { parseMcpServers } from '../mcp/mcp-config-file.js';
import { readPluginJson } from './plugin-json.js';
import { readPluginManifest } from './plugin-manifest.js';
import { substitutePluginVariables } from './plugin-variables.js';
import type { PluginVariables } from './plugin-variables.js';

export interface PluginBundle {
  /** `name@marketplace`, as settings' `enabledPlugins` names it. */
  readonly id: string;
  readonly name: string;
  readonly version?: string;
  readonly description?: string;
  readonly root: string;
  /** Whose word turned it on: the user's (installed, enabled) or a trusted folder's. */
  readonly scope: ContextScope;
  readonly commandFolders: readonly string[];
  readonly agentFolders: readonly string[];
  readonly skillFolders: readonly string[];
  /** The hooks value (Claude Code's settings shape), variables written out; empty when none. */
  readonly hooks: Readonly<Record<string, unknown>>;
  /** Where the hooks were written, for messages. */
  readonly hooksSource: string;
  /** Its MCP servers, named `plugin_<plugin>_<server>`. */
  readonly mcpServers: McpServers;
  /** CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA, for whatever the plugin starts. */
  readonly env: PluginVariables;
}

export interface BundleRead {
  readonly bundle?: PluginBundle;
  /** What was skipped and why, one sentence each. */
  readonly problems: readonly string[];
}

export interface BundleInput {
  readonly root: string;
  /** The marketplace it came from (its id is `name@marketplace`). */
  readonly marketplace: string;
  /** The plugin's own data folder (made when the plugin is read). */
  readonly dataDir: string;
  readonly scope: ContextScope;
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** A hooks file's value is `{"hooks": {…}}` (hooks.json) or the events themselves. */
function hookEvents(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  return isRecord(value['hooks']) ? value['hooks'] : value;
}

/** An MCP file's value is `{"mcpServers": {…}}` or the servers themselves. */
function serverEntries(value: unknown): unknown {
  return isRecord(value) && isRecord(value['mcpServers']) ? value['mcpServers'] : value;
}

function readJsonPart(
  part: string | Readonly<Record<string, unknown>> | undefined,
  defaultPath: string,
  problems: string[],
): { value: unknown; source: string } {
  if (part !== undefined && typeof part !== 'string') return { value: part, source: '' };
  const path = part ?? defaultPath;
  const read = readPluginJson(path);
  if (read.kind === 'problem') problems.push(`${read.problem} Its part of the plugin was skipped.`);
  return { value: read.kind === 'value' ? read.value : undefined, source: path };
}

/** The server's name in tool names: letters, digits, _ and -, as Claude Code names them. */
export function pluginServerName(plugin: string, server: string): string {
  return `plugin_${plugin}_${server}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

export function readPluginBundle(input: BundleInput): BundleRead {
  const { root } = input;
  const read = readPluginManifest(root, basename(root).toLowerCase());
  if ('problem' in read) return { problems: [`${read.problem} The plugin was not loaded.`] };
  const { manifest } = read;
  const problems = [...read.problems];
  const id = `${manifest.name}@${input.marketplace}`;
  try {
    mkdirSync(input.dataDir, { recursive: true });
  } catch (error) {
    problems.push(
      `${id}: its data folder ${input.dataDir} could not be made (${errorText(error)}); its hooks may fail to write there.`,
    );
  }
  const env: PluginVariables = { CLAUDE_PLUGIN_ROOT: root, CLAUDE_PLUGIN_DATA: input.dataDir };
  const folders = (name: string, extra: readonly string[]) =>
    [join(root, name), ...extra].filter(isFolder);

  const hooksPart = readJsonPart(manifest.hooks, join(root, 'hooks', 'hooks.json'), problems);
  const events = hookEvents(substitutePluginVariables(hooksPart.value, env));
  if (hooksPart.value !== undefined && events === undefined)
    problems.push(
      `${hooksPart.source || id}: the hooks must be an object of events; they were skipped.`,
    );

  const mcpPart = readJsonPart(manifest.mcpServers, join(root, '.mcp.json'), problems);
  const where = mcpPart.source || `${id}'s plugin.json`;
  const parsed = parseMcpServers(
    substitutePluginVariables(serverEntries(mcpPart.value), env),
    where,
  );
  problems.push(...parsed.problems);
  const mcpServers = Object.fromEntries(
    Object.entries(parsed.servers).map(([server, config]) => [
      pluginServerName(manifest.name, server),
      'command' in config ? { ...config, env: { ...config.env, ...env } } : config,
    ]),
  );
  return {
    bundle: {
      id,
      name: manifest.name,
      ...(manifest.version !== undefined ? { version: manifest.version } : {}),
      ...(manifest.description !== undefined ? { description: manifest.description } : {}),
      root,
      scope: input.scope,
      commandFolders: folders('commands', manifest.commands),
      agentFolders: folders('agents', manifest.agents),
      skillFolders: folders('skills', manifest.skills),
      hooks: events ?? {},
      hooksSource: hooksPart.source || `${id}'s plugin.json`,
      mcpServers,
      env,
    },
    problems,
  };
}
