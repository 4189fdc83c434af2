// `wave mcp …`: servers managed as with `claude mcp` (Claude Code 2.1's subcommands, flags and
// words), in Wave's three scopes (mcp-scopes.ts). Mistakes in the command line are usage errors
// (exit 2); an unknown server, or one in two scopes when the scope was not said, exits 1 with a
// sentence saying what to do.
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import type { CliIo } from '../cli/cli-io.js';
import { UsageError } from '../cli/usage-error.js';
import { checkedName, parseAddArgs, parseServerJson, takeScope } from './mcp-add-args.js';
import { MCP_HELP_TEXT } from './mcp-help-text.js';
import { MCP_SCOPES, serversIn, writeServer } from './mcp-scopes.js';
import type { McpPlace, McpScope } from './mcp-scopes.js';
import { configuredServers, scopeTitle, stateOf, stateText, targetText } from './mcp-status.js';
import { resetProjectChoices } from './reset-project-choices.js';

export const MCP_COMMAND = 'mcp';

export interface McpCommandInput {
  readonly args: readonly string[];
  readonly io: CliIo;
  readonly place: McpPlace;
}

function say(io: CliIo, lines: readonly string[]): void {
  io.stdout.write(`${lines.join('\n')}\n`);
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`${message}\n`);
  return 1;
}

function describeAdded(name: string, scope: McpScope, config: McpServerConfig): string[] {
  if ('url' in config) {
    const headers = config.headers ? [`Headers: ${JSON.stringify(config.headers, null, 2)}`] : [];
    return [
      `Added ${config.type === 'http' ? 'HTTP' : 'SSE'} MCP server ${name} with URL: ${config.url} to ${scope} config`,
      ...headers,
    ];
  }
  return [
    `Added stdio MCP server ${name} with command: ${[config.command, ...(config.args ?? [])].join(' ')} to ${scope} config`,
  ];
}

async function add(
  io: CliIo,
  place: McpPlace,
  scope: McpScope,
  name: string,
  config: McpServerConfig,
): Promise<number> {
  if (Object.hasOwn(serversIn(scope, place).servers, name))
    return fail(
      io,
      `MCP server ${name} already exists in ${scope} config. Remove it first: wave mcp remove "${name}" -s ${scope}`,
    );
  const path = await writeServer(scope, place, name, config);
  say(io, [...describeAdded(name, scope, config), `File modified: ${path}`]);
  return 0;
}

async function readStdin(io: CliIo): Promise<string> {
  let text = '';
  io.stdin.setEncoding('utf8');
  for await (const chunk of io.stdin) text += String(chunk);
  return text;
}

async function addJson(io: CliIo, place: McpPlace, args: readonly string[]): Promise<number> {
  const { scope = 'local', rest } = takeScope(args);
  const words = rest.filter((word) => word !== '--');
  const unknown = words.find((word) => word.startsWith('-') && word !== '-');
  if (unknown !== undefined)
    throw new UsageError(`unknown option ${unknown} for wave mcp add-json.`);
  const [name, json, extra] = words;
  if (name === undefined || json === undefined || extra !== undefined)
    throw new UsageError(
      `wave mcp add-json takes a NAME and the server's JSON (or - to read it from stdin): wave mcp add-json notes '{"type":"stdio","command":"node","args":["server.js"]}'`,
    );
  const config = parseServerJson(name, json === '-' ? await readStdin(io) : json);
  return add(io, place, scope, name, config);
}

async function list(io: CliIo, place: McpPlace): Promise<number> {
  const { servers, serverEnv, problems } = await configuredServers(place, io);
  for (const problem of problems) io.stderr.write(`wave: ${problem}\n`);
  if (servers.length === 0) {
    say(io, ['No MCP servers configured. Use `wave mcp add` to add a server.']);
    return 0;
  }
  io.stdout.write('Checking MCP server health...\n\n');
  const states = await Promise.all(servers.map((server) => stateOf(server, place, io, serverEnv)));
  say(
    io,
    servers.map(
      (server, index) =>
        `${server.name}: ${targetText(server.config)} - ${stateText(states[index] ?? { state: 'needs-approval' })}`,
    ),
  );
  return 0;
}

function configLines(config: McpServerConfig): string[] {
  if ('url' in config) {
    const headers = Object.entries(config.headers ?? {});
    return [
      `  Type: ${config.type}`,
      `  URL: ${config.url}`,
      ...(headers.length > 0
        ? ['  Headers:', ...headers.map(([key, value]) => `    ${key}: ${value}`)]
        : []),
    ];
  }
  const env = Object.entries(config.env ?? {});
  return [
    '  Type: stdio',
    `  Command: ${config.command}`,
    `  Args: ${(config.args ?? []).join(' ')}`,
    '  Environment:',
    ...env.map(([key, value]) => `    ${key}=${value}`),
  ];
}

async function get(io: CliIo, place: McpPlace, args: readonly string[]): Promise<number> {
  const [given, extra] = args;
  if (given === undefined || extra !== undefined)
    throw new UsageError('wave mcp get takes one NAME: wave mcp get notes');
  const { servers, serverEnv, problems } = await configuredServers(place, io);
  for (const problem of problems) io.stderr.write(`wave: ${problem}\n`);
  const server = servers.find((candidate) => candidate.name === given);
  if (!server)
    return fail(io, `No MCP server found with name: ${given}. wave mcp list shows the servers.`);
  const state = await stateOf(server, place, io, serverEnv);
  say(io, [
    `${server.name}:`,
    `  Scope: ${scopeTitle(server.scope)}`,
    `  Status: ${stateText(state)}`,
    ...configLines(server.config),
    '',
    `To remove this server, run: wave mcp remove "${server.name}" -s ${server.scope}`,
  ]);
  return 0;
}

async function remove(io: CliIo, place: McpPlace, args: readonly string[]): Promise<number> {
  const { scope, rest } = takeScope(args);
  const unknown = rest.find((word) => word.startsWith('-'));
  if (unknown !== undefined) throw new UsageError(`unknown option ${unknown} for wave mcp remove.`);
  const [name, extra] = rest;
  if (name === undefined || extra !== undefined)
    throw new UsageError(
      'wave mcp remove takes one NAME: wave mcp remove notes [-s local|project|user]',
    );
  checkedName(name);
  const holding = MCP_SCOPES.filter((candidate) =>
    Object.hasOwn(serversIn(candidate, place).servers, name),
  );
  if (scope !== undefined && !holding.includes(scope))
    return fail(io, `No MCP server found with name: "${name}" in ${scope} config.`);
  if (scope === undefined && holding.length === 0)
    return fail(io, `No MCP server found with name: "${name}". wave mcp list shows the servers.`);
  if (scope === undefined && holding.length > 1)
    return fail(
      io,
      [
        `MCP server "${name}" exists in multiple scopes:`,
        ...holding.map((where) => `  - ${scopeTitle(where)}`),
        '',
        'To remove from a specific scope, use:',
        ...holding.map((where) => `  wave mcp remove "${name}" -s ${where}`),
      ].join('\n'),
    );
  const from = scope ?? holding[0] ?? 'local';
  const path = await writeServer(from, place, name, undefined);
  say(io, [`Removed MCP server "${name}" from ${from} config`, `File modified: ${path}`]);
  return 0;
}

function isHelp(word: string): boolean {
  return word === '-h' || word === '--help';
}

export async function runMcpCommand(input: McpCommandInput): Promise<number> {
  const { io, place } = input;
  const [sub, ...args] = input.args;
  // A server's own arguments (after its command, or `--`) may hold -h: only add's first word counts.
  const flags = sub === 'add' ? args.slice(0, 1) : args;
  if (sub === undefined || sub === '-h' || sub === '--help' || flags.some(isHelp)) {
    io.stdout.write(MCP_HELP_TEXT);
    return 0;
  }
  switch (sub) {
    case 'add': {
      const request = parseAddArgs(args);
      return add(io, place, request.scope, request.name, request.config);
    }
    case 'add-json':
      return addJson(io, place, args);
    case 'list':
      if (args.length > 0)
        throw new UsageError(`wave mcp list takes nothing more ("${args.join(' ')}").`);
      return list(io, place);
    case 'get':
      return get(io, place, args);
    case 'remove':
      return remove(io, place, args);
    case 'reset-project-choices':
      if (args.length > 0)
        throw new UsageError(
          `wave mcp reset-project-choices takes nothing more ("${args.join(' ')}").`,
        );
      say(io, await resetProjectChoices(place));
      return 0;
    default:
      throw new UsageError(
        `unknown command wave mcp ${sub}; use add, add-json, list, get, remove or reset-project-choices (wave mcp --help).`,
      );
  }
}
