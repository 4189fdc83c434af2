// Where `wave mcp` keeps servers, by Claude Code's three scopes: `local` (yours, this folder only:
// $WAVE_HOME/local-mcp-servers.json, settings/local-mcp-servers.ts), `project` (shared with the
// repository: `.mcp.json` in the work folder) and `user` (yours, every folder: `mcpServers` in
// $WAVE_HOME/settings.json). A settings file or `.mcp.json` is edited at the one key, keeping its
// other keys, comments and layout, and written atomically with the mode it had.
import { readFileSync, statSync } from 'node:fs';
import {
  editJsonc,
  lineColumnAt,
  parseJsonc,
  parseMcpServers,
  projectMcpConfigPath,
  userSettingsFile,
  writeTextAtomically,
} from '@wave-agent/agent-sdk';
import type { ParsedMcpServers } from '@wave-agent/agent-sdk';
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import { errorCode, errorText, isRecord } from '@wave-agent/shared-protocol';
import {
  localMcpServersPath,
  readLocalMcpServers,
  writeLocalMcpServer,
} from '../settings/local-mcp-servers.js';

export const MCP_SCOPES = ['local', 'project', 'user'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** How Claude Code names each scope in `mcp get` and `mcp list`. */
export const SCOPE_TITLES: Readonly<Record<McpScope, string>> = {
  local: 'Local config (private to you in this project)',
  project: 'Project config (shared via .mcp.json)',
  user: 'User config (available in all your projects)',
};

export interface McpPlace {
  readonly waveHome: string;
  readonly workdir: string;
}

export function scopePath(scope: McpScope, place: McpPlace): string {
  if (scope === 'local') return localMcpServersPath(place.waveHome);
  return scope === 'project'
    ? projectMcpConfigPath(place.workdir)
    : userSettingsFile(place.waveHome);
}

/** A JSON (with comments) file's text and value; missing is "{}", broken throws a sentence. */
function readJsonText(path: string): { text: string; value: Record<string, unknown> } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { text: '{}', value: {} };
    throw new Error(`Cannot read ${path} (${errorText(error)}).`, { cause: error });
  }
  if (text.trim() === '') return { text: '{}', value: {} };
  const parsed = parseJsonc(text);
  if (parsed.error) {
    const { line, column } = lineColumnAt(text, parsed.error.offset);
    throw new Error(
      `${path}:${line}:${column} is not valid JSON (${parsed.error.message}). Fix the file, then try again.`,
    );
  }
  if (!isRecord(parsed.value))
    throw new Error(`${path} does not hold a JSON object. Fix the file, then try again.`);
  return { text, value: parsed.value };
}

/** The servers one scope holds, each entry checked on its own. */
export function serversIn(scope: McpScope, place: McpPlace): ParsedMcpServers {
  if (scope === 'local') return readLocalMcpServers(place.waveHome, place.workdir);
  const path = scopePath(scope, place);
  try {
    return parseMcpServers(readJsonText(path).value['mcpServers'], path);
  } catch (error) {
    return { servers: {}, problems: [`ignoring ${errorText(error)}`] };
  }
}

/** Sets (or, with undefined, removes) one server of a scope; returns the file written. */
export async function writeServer(
  scope: McpScope,
  place: McpPlace,
  name: string,
  config: McpServerConfig | undefined,
): Promise<string> {
  if (scope === 'local') return writeLocalMcpServer(place.waveHome, place.workdir, name, config);
  const path = scopePath(scope, place);
  const { text, value } = readJsonText(path);
  let next = text;
  // A missing or non-object "mcpServers" is replaced by an object before the entry goes in.
  if (!isRecord(value['mcpServers'])) next = editJsonc(next, ['mcpServers'], {});
  next = editJsonc(next, ['mcpServers', name], config);
  const mode = statSync(path, { throwIfNoEntry: false })?.mode;
  // The user's settings may hold a key: a new one is readable only by the user.
  const fresh = scope === 'user' ? 0o600 : 0o644;
  await writeTextAtomically(
    path,
    next.endsWith('\n') ? next : `${next}\n`,
    mode === undefined ? fresh : mode & 0o777,
  );
  return path;
}
