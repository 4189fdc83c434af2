// `--mcp-config FILE|JSON…` and `--strict-mcp-config`, as in Claude Code: servers for this run
// only, from files (paths from where wave started) or JSON strings, each `{"mcpServers": {…}}`;
// like Claude Code's variadic flag, one --mcp-config takes the following words that are configs
// too (a `.json` path or a `{…}` string). They are the user's words on the command line, so they
// start without the trust question, over a configured server of the same name; with
// --strict-mcp-config they are the only servers (the settings' and `.mcp.json`'s are not used).
// A config that cannot be used stops wave with a sentence (exit 2): a run missing the servers
// the user named would not be the run asked for.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_MCP_CONFIG_BYTES, parseMcpServers } from '@wave-agent/agent-sdk';
import type { McpServers } from '@wave-agent/shared-protocol';
import { errorText, isRecord } from '@wave-agent/shared-protocol';
import { UsageError } from './usage-error.js';

export interface McpConfigFlags {
  /** The servers of every --mcp-config, later ones winning a name. */
  readonly servers: McpServers;
  /** Only these servers: none from the settings or `.mcp.json`. */
  readonly strict: boolean;
}

const FLAG = '--mcp-config';
const STRICT = '--strict-mcp-config';

function looksLikeConfig(word: string): boolean {
  return word.trimStart().startsWith('{') || word.endsWith('.json');
}

function configText(given: string, cwd: string): { text: string; where: string } {
  if (given.trimStart().startsWith('{')) return { text: given, where: `${FLAG}'s JSON` };
  const path = resolve(cwd, given);
  try {
    const size = statSync(path).size;
    if (size > MAX_MCP_CONFIG_BYTES)
      throw new UsageError(
        `${FLAG} ${given}: ${path} is ${size} bytes, more than the ${MAX_MCP_CONFIG_BYTES} an MCP configuration may have.`,
      );
    return { text: readFileSync(path, 'utf8'), where: path };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `${FLAG} ${given}: ${path} cannot be read (${errorText(error)}); give a file of {"mcpServers": {…}} or the JSON itself.`,
      { cause: error },
    );
  }
}

function serversOf(given: string, cwd: string): McpServers {
  const { text, where } = configText(given, cwd);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${FLAG}: ${where} is not valid JSON (${errorText(error)}).`, {
      cause: error,
    });
  }
  if (!isRecord(json) || !isRecord(json['mcpServers']))
    throw new UsageError(
      `${FLAG}: ${where} must hold {"mcpServers": {"name": {"command": …} or {"type": "http", "url": …}}}.`,
    );
  const parsed = parseMcpServers(json['mcpServers'], where);
  if (parsed.problems.length > 0) throw new UsageError(`${FLAG}: ${parsed.problems.join(' ')}`);
  return parsed.servers;
}

/** Takes the two flags (and their configs) out of the arguments; the rest are parsed as usual. */
export function takeMcpConfigFlags(
  argv: readonly string[],
  cwd: string,
): { args: string[]; mcp?: McpConfigFlags } {
  const args: string[] = [];
  const given: string[] = [];
  let strict = false;
  let seen = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (word === STRICT) {
      strict = true;
      continue;
    }
    if (word.startsWith(`${FLAG}=`)) {
      seen = true;
      given.push(word.slice(FLAG.length + 1));
      continue;
    }
    if (word !== FLAG) {
      args.push(word);
      continue;
    }
    seen = true;
    const first = argv[i + 1];
    if (first === undefined || first.startsWith('-'))
      throw new UsageError(`${FLAG} needs a file or a JSON string of {"mcpServers": {…}}.`);
    given.push(first);
    i++;
    while (argv[i + 1] !== undefined && looksLikeConfig(argv[i + 1] ?? ''))
      given.push(argv[++i] ?? '');
  }
  if (!seen && !strict) return { args };
  const servers = given.reduce<McpServers>((all, one) => ({ ...all, ...serversOf(one, cwd) }), {});
  return { args, mcp: { servers, strict } };
}

/** The servers a run uses: the configured ones (unless strict), then the flags'. */
export function runMcpServers(
  configured: McpServers | undefined,
  flags: McpConfigFlags | undefined,
): McpServers | undefined {
  if (!flags) return configured;
  return flags.strict ? flags.servers : { ...configured, ...flags.servers };
}
