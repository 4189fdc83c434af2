// The user's MCP servers for one work folder only (`wave mcp add -s local`, Claude Code's "local"
// scope). Claude Code keeps them in ~/.claude.json under the folder's path; Wave keeps them in
// $WAVE_HOME/local-mcp-servers.json, `{"projects": {"/real/path": {"mcpServers": {…}}}}`, outside
// the work folder: a repository cannot ship them, so they are the user's word and start without the
// trust question, over a project or user server of the same name (as in Claude Code).
import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseMcpServers, writeJsonAtomically } from '@wave-agent/agent-sdk';
import type { ParsedMcpServers } from '@wave-agent/agent-sdk';
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import { errorCode, errorText, isRecord } from '@wave-agent/shared-protocol';

export function localMcpServersPath(waveHome: string): string {
  return join(waveHome, 'local-mcp-servers.json');
}

/** The key a folder has in the file: its real path (a symlinked path names the same folder). */
export function localFolderKey(workdir: string): string {
  try {
    return realpathSync(workdir);
  } catch {
    return resolve(workdir);
  }
}

/** The file as an object; a missing file is empty, a broken one throws a sentence. */
function readWhole(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // No file, or no folder to hold one (WAVE_HOME not made yet, or a file in its place: the
    // start says that in its own sentence).
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return {};
    throw new Error(`Cannot read ${path} (${errorText(error)}).`, { cause: error });
  }
  if (text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${errorText(error)}). Fix or delete the file.`, {
      cause: error,
    });
  }
  if (!isRecord(json))
    throw new Error(`${path} must hold one object, like {"projects": {}}. Fix or delete the file.`);
  return json;
}

function projectsOf(whole: Record<string, unknown>): Record<string, unknown> {
  return isRecord(whole['projects']) ? whole['projects'] : {};
}

/** This folder's local servers, each checked on its own; a broken file is one problem. */
export function readLocalMcpServers(waveHome: string, workdir: string): ParsedMcpServers {
  const path = localMcpServersPath(waveHome);
  let whole: Record<string, unknown>;
  try {
    whole = readWhole(path);
  } catch (error) {
    return { servers: {}, problems: [`ignoring ${errorText(error)}`] };
  }
  const folder = localFolderKey(workdir);
  const entry = projectsOf(whole)[folder];
  return parseMcpServers(isRecord(entry) ? entry['mcpServers'] : undefined, `${path} (${folder})`);
}

/**
 * Sets (or, with undefined, removes) one local server of a folder; the file's other folders and
 * keys stay as they are. Written atomically, readable only by the user.
 */
export async function writeLocalMcpServer(
  waveHome: string,
  workdir: string,
  name: string,
  config: McpServerConfig | undefined,
): Promise<string> {
  const path = localMcpServersPath(waveHome);
  const whole = readWhole(path);
  const projects = projectsOf(whole);
  const folder = localFolderKey(workdir);
  const entry = isRecord(projects[folder]) ? projects[folder] : {};
  const servers = isRecord(entry['mcpServers']) ? { ...entry['mcpServers'] } : {};
  if (config === undefined) delete servers[name];
  else servers[name] = config;
  const nextEntry = { ...entry, mcpServers: servers };
  await writeJsonAtomically(
    path,
    { ...whole, projects: { ...projects, [folder]: nextEntry } },
    0o600,
  );
  return path;
}
