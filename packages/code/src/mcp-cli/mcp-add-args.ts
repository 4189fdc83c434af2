// `wave mcp add` and `add-json` arguments, in Claude Code 2.1's syntax:
//   add [-s local|user|project] [-t stdio|sse|http] [-e K=V…] [-H "K: V"…] NAME CMD|URL [-- ARGS…]
//   add-json [-s SCOPE] NAME JSON|-
// As with Claude Code's variadic -e/-H, one flag takes every following word of its shape
// (`-e A=1 B=2`). Once NAME and the command are read, the rest are the command's arguments, its
// own flags too (`wave mcp add fs npx -y @scope/server`), as after `--`.
import { errorText, McpServerConfigSchema, McpServerNameSchema } from '@wave-agent/shared-protocol';
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import { parseMcpServers } from '@wave-agent/agent-sdk';
import { UsageError } from '../cli/usage-error.js';
import { MCP_SCOPES } from './mcp-scopes.js';
import type { McpScope } from './mcp-scopes.js';

const TRANSPORTS = ['stdio', 'sse', 'http'] as const;
type Transport = (typeof TRANSPORTS)[number];

const ENV_WORD = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** `Name: value`, the name a header token (so a URL's `https:` is not one). */
const HEADER_WORD = /^[\w!#$%&'*+.^`|~-]+:(\s|$)/;

/** OAuth flags of Claude Code that Wave does not have yet. */
const OAUTH_FLAGS = new Set(['--client-id', '--client-secret', '--callback-port']);

export interface AddRequest {
  readonly scope: McpScope;
  readonly name: string;
  readonly config: McpServerConfig;
}

function pick<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined)
    throw new UsageError(
      `${flag} must be ${allowed.join(', ')}, not ${value === undefined ? 'nothing' : `"${value}"`}.`,
    );
  return match;
}

export function checkedName(name: string): string {
  if (!McpServerNameSchema.safeParse(name).success)
    throw new UsageError(
      `"${name.slice(0, 80)}" cannot be an MCP server's name: use only letters, digits, _ and - (at most 64), since it becomes part of tool names.`,
    );
  return name;
}

/** Splits `--flag=value` into its two parts. */
function splitInline(word: string): { flag: string; inline?: string } {
  const at = word.indexOf('=');
  return word.startsWith('--') && at > 0
    ? { flag: word.slice(0, at), inline: word.slice(at + 1) }
    : { flag: word };
}

/** Reads `-s`/`--scope` wherever it is before the positionals; returns the rest. */
export function takeScope(args: readonly string[]): { scope?: McpScope; rest: string[] } {
  const rest: string[] = [];
  let scope: McpScope | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? '';
    const { flag, inline } = splitInline(word);
    if (flag === '-s' || flag === '--scope') {
      scope = pick('--scope', inline ?? args[++i], MCP_SCOPES);
      continue;
    }
    if (word === '--') {
      rest.push(...args.slice(i));
      break;
    }
    rest.push(word);
  }
  return scope ? { scope, rest } : { rest };
}

export function parseAddArgs(args: readonly string[]): AddRequest {
  let scope: McpScope = 'local';
  let transport: Transport = 'stdio';
  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const positionals: string[] = [];
  let i = 0;
  const many = (flag: string, shape: RegExp, into: (word: string) => void, inline?: string) => {
    const first = inline ?? args[++i];
    if (first === undefined || !shape.test(first))
      throw new UsageError(
        flag === '-e'
          ? `-e needs KEY=value, not ${first === undefined ? 'nothing' : `"${first}"`}.`
          : `-H needs a header as "Name: value", not ${first === undefined ? 'nothing' : `"${first}"`}.`,
      );
    into(first);
    while (args[i + 1] !== undefined && shape.test(args[i + 1] ?? '')) into(args[++i] ?? '');
  };
  for (; i < args.length; i++) {
    const word = args[i] ?? '';
    if (word === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (positionals.length >= 2) {
      // The command's own arguments, its flags too.
      positionals.push(word);
      continue;
    }
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word);
      continue;
    }
    const { flag, inline } = splitInline(word);
    if (flag === '-s' || flag === '--scope')
      scope = pick('--scope', inline ?? args[++i], MCP_SCOPES);
    else if (flag === '-t' || flag === '--transport')
      transport = pick('--transport', inline ?? args[++i], TRANSPORTS);
    else if (flag === '-e' || flag === '--env')
      many(
        '-e',
        ENV_WORD,
        (text) => {
          const at = text.indexOf('=');
          env[text.slice(0, at)] = text.slice(at + 1);
        },
        inline,
      );
    else if (flag === '-H' || flag === '--header')
      many(
        '-H',
        HEADER_WORD,
        (text) => {
          const at = text.indexOf(':');
          headers[text.slice(0, at)] = text.slice(at + 1).trim();
        },
        inline,
      );
    else if (OAUTH_FLAGS.has(flag))
      throw new UsageError(
        `${flag} is for an OAuth login, which Wave's MCP client cannot do yet; give the server's token with -H "Authorization: Bearer …" instead.`,
      );
    else throw new UsageError(`unknown option ${word} for wave mcp add.`);
  }
  const [name, target, ...commandArgs] = positionals;
  if (name === undefined || target === undefined)
    throw new UsageError(
      'wave mcp add needs a NAME and a command (or, with -t http or sse, a URL): wave mcp add notes -- node server.js',
    );
  checkedName(name);
  if (transport === 'stdio') {
    if (Object.keys(headers).length > 0)
      throw new UsageError('-H is for an HTTP or SSE server; add -t http (or -t sse) and a URL.');
    return {
      scope,
      name,
      config: { type: 'stdio', command: target, args: commandArgs, env },
    };
  }
  if (commandArgs.length > 0)
    throw new UsageError(
      `a ${transport} server is a URL and takes no arguments ("${commandArgs.join(' ')}").`,
    );
  if (Object.keys(env).length > 0)
    throw new UsageError(
      '-e sets a variable for a program Wave starts; an HTTP or SSE server runs elsewhere (give it -H headers instead).',
    );
  const config = {
    type: transport,
    url: target,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
  if (!McpServerConfigSchema.safeParse(config).success)
    throw new UsageError(
      `"${target}" is not a URL; a ${transport} server needs one, like https://example.com/mcp.`,
    );
  return { scope, name, config };
}

/** `add-json`'s JSON, checked as a `.mcp.json` entry would be. */
export function parseServerJson(name: string, text: string): McpServerConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `the server's JSON is not valid (${errorText(error)}), like {"type":"stdio","command":"node","args":["server.js"]}.`,
    );
  }
  const parsed = parseMcpServers({ [checkedName(name)]: value }, 'the JSON given');
  const config = parsed.servers[name];
  if (config === undefined) throw new UsageError(parsed.problems.join(' '));
  return config;
}
