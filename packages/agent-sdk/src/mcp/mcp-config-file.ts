// Reading MCP server configuration in Claude Code's shape: a project's `.mcp.json` and the
// `mcpServers` of a settings file. Each entry is checked on its own, so one bad server is
// skipped with a sentence naming it and the rest still load. The file is a stranger's words (it
// comes with the repository): its size is bounded and nothing in it is trusted here — whether
// its servers may start is workspace trust's decision (see project requests in the CLI).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, McpServerConfigSchema, McpServerNameSchema } from '@wave-agent/shared-protocol';
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import { errorCode, errorMessage } from '../tools/error-details.js';

/** A configuration file larger than this is not read (a real one is a few kilobytes). */
export const MAX_MCP_CONFIG_BYTES = 1024 * 1024;

/** Servers by name, and one sentence per entry (or file) that could not be used. */
export interface ParsedMcpServers {
  readonly servers: Readonly<Record<string, McpServerConfig>>;
  readonly problems: readonly string[];
}

const NONE: ParsedMcpServers = { servers: {}, problems: [] };

export function projectMcpConfigPath(workdir: string): string {
  return join(workdir, '.mcp.json');
}

/** The entries of an `mcpServers` object, each validated on its own; `where` names the file. */
export function parseMcpServers(value: unknown, where: string): ParsedMcpServers {
  if (value === undefined) return NONE;
  if (!isRecord(value)) {
    return {
      servers: {},
      problems: [
        `ignoring "mcpServers" in ${where}: it must be an object of servers by name, like {"notes": {"command": "node", "args": ["server.js"]}}.`,
      ],
    };
  }
  const servers: Record<string, McpServerConfig> = {};
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(value)) {
    if (!McpServerNameSchema.safeParse(name).success) {
      problems.push(
        `ignoring the MCP server "${name.slice(0, 80)}" in ${where}: a server name may hold only letters, digits, _ and - (at most 64), since it becomes part of tool names.`,
      );
      continue;
    }
    const parsed = McpServerConfigSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(
        `ignoring the MCP server "${name}" in ${where}: ${describeEntryProblem(entry)}.`,
      );
      continue;
    }
    servers[name] = parsed.data;
  }
  return { servers, problems };
}

/** What is wrong with one entry, in the words of the format ("command" or "type" + "url"). */
function describeEntryProblem(entry: unknown): string {
  if (!isRecord(entry)) return 'an entry must be an object';
  const type = entry.type;
  if (type === 'http' || type === 'sse') {
    return `a "${type}" server needs "url" (a full URL such as https://example.com/mcp), and "headers" as strings`;
  }
  if (type !== undefined && type !== 'stdio') {
    return `"type" must be "stdio" (the default), "http" or "sse", not ${JSON.stringify(type).slice(0, 40)}`;
  }
  return 'a stdio server needs "command" (a program), "args" as a list of strings and "env" as strings';
}

/** A project's `.mcp.json`; a missing file is no servers, a broken one is one problem. */
export function readMcpConfigFile(path: string): ParsedMcpServers {
  let text: string;
  try {
    const { size, isFile } = statOf(path);
    if (!isFile) return { servers: {}, problems: [`ignoring ${path}: it is not a regular file.`] };
    if (size > MAX_MCP_CONFIG_BYTES) {
      return {
        servers: {},
        problems: [
          `ignoring ${path}: it is ${size} bytes, more than the ${MAX_MCP_CONFIG_BYTES} an MCP configuration may have.`,
        ],
      };
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return NONE;
    return {
      servers: {},
      problems: [`ignoring ${path}: it cannot be read (${errorMessage(error)}).`],
    };
  }
  if (text.trim() === '') return NONE;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      servers: {},
      problems: [`ignoring ${path}: it is not valid JSON (${errorMessage(error)}). Fix the file.`],
    };
  }
  if (!isRecord(json)) {
    return {
      servers: {},
      problems: [`ignoring ${path}: it must hold one object, like {"mcpServers": {…}}.`],
    };
  }
  return parseMcpServers(json.mcpServers, path);
}

function statOf(path: string): { size: number; isFile: boolean } {
  const stat = statSync(path);
  return { size: stat.size, isFile: stat.isFile() };
}
