// Issue 44's heavy setup, written into a fresh home: what a user of the peers brings, in the
// places Wave reads it. In `~/.claude` (HOME): 100 commands, 50 skills, 20 agents, a CLAUDE.md
// importing 9 more memory files, hooks on PreToolUse/PostToolUse/UserPromptSubmit/Stop and a
// status-line command. In a local marketplace: 10 plugins, each with a command and a skill
// (installed by `wave plugin install`, as a user does). And 5 stdio MCP servers of 10 tools each
// (written here as a small script speaking MCP's newline-delimited JSON-RPC): three that answer at
// once, one that takes 2 s to start, and one that never answers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const HEAVY = {
  plugins: 10,
  commands: 100,
  skills: 50,
  agents: 20,
  memoryFiles: 10,
  mcpServers: 5,
  toolsPerServer: 10,
} as const;

/** How an MCP server of the setup behaves at start. */
export type ServerKind = 'quick' | 'slow' | 'silent';

export const SERVER_KINDS: readonly ServerKind[] = ['quick', 'quick', 'quick', 'slow', 'silent'];

/** Milliseconds the slow server waits before answering `initialize`. */
export const SLOW_START_MS = 2_000;

// A minimal MCP server: initialize, tools/list, tools/call; notifications are not answered.
const SERVER_SCRIPT = `
const [kind, tools, slowMs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const list = Array.from({ length: tools }, (_, i) => ({
  name: 'tool_' + i,
  description: 'Looks up record ' + i + ' of the team tracker and returns its fields as text.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'The record id' }, verbose: { type: 'boolean' } },
    required: ['id'],
  },
}));
let buffer = '';
process.stdin.setEncoding('utf8').on('data', (data) => {
  buffer += data;
  let end;
  while ((end = buffer.indexOf('\\n')) !== -1) {
    const line = buffer.slice(0, end);
    buffer = buffer.slice(end + 1);
    if (line.trim() === '') continue;
    const message = JSON.parse(line);
    if (kind === 'silent' || message.id === undefined) continue;
    const answer = (result) => send({ jsonrpc: '2.0', id: message.id, result });
    if (message.method === 'initialize') {
      const reply = () => answer({
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'bench-' + kind, version: '1.0.0' },
      });
      if (kind === 'slow') setTimeout(reply, slowMs); else reply();
    } else if (message.method === 'tools/list') answer({ tools: list });
    else if (message.method === 'tools/call') answer({ content: [{ type: 'text', text: 'record' }] });
    else send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no such method' } });
  }
});
`;

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

const pad = (n: number) => String(n).padStart(3, '0');

function command(name: string): string {
  return `---\ndescription: Runs the team's ${name} checklist on the current change\nargument-hint: [scope]\n---\nGo through the ${name} checklist for $ARGUMENTS and report what fails.\n`;
}

function skill(name: string): string {
  return `---\nname: ${name}\ndescription: How the team does ${name}: conventions, commands and the pitfalls seen before.\n---\n# ${name}\n\n${'Follow the conventions of the repository. '.repeat(20)}\n`;
}

function agent(name: string): string {
  return `---\nname: ${name}\ndescription: Reviews changes for ${name} and reports findings with file and line.\ntools: Read, Grep, Glob\n---\nYou review code for ${name}. Report findings with file and line.\n`;
}

/** The setup's files under `home` (HOME) and its plugin marketplace; returns the marketplace folder. */
export function writeHeavySetup(home: string): { marketplace: string; serverScript: string } {
  const claude = join(home, '.claude');
  for (let i = 0; i < HEAVY.commands; i++) {
    write(join(claude, 'commands', `cmd-${pad(i)}.md`), command(`cmd-${pad(i)}`));
  }
  for (let i = 0; i < HEAVY.skills; i++) {
    write(join(claude, 'skills', `skill-${pad(i)}`, 'SKILL.md'), skill(`skill-${pad(i)}`));
  }
  for (let i = 0; i < HEAVY.agents; i++) {
    write(join(claude, 'agents', `agent-${pad(i)}.md`), agent(`agent-${pad(i)}`));
  }
  const imports = Array.from({ length: HEAVY.memoryFiles - 1 }, (_, i) => `@memory/m${i}.md`);
  write(
    join(claude, 'CLAUDE.md'),
    `# My rules\n\nPrefer small commits.\n\n${imports.join('\n')}\n`,
  );
  for (let i = 0; i < HEAVY.memoryFiles - 1; i++) {
    write(
      join(claude, 'memory', `m${i}.md`),
      `# Notes ${i}\n\n${'Keep functions short. '.repeat(15)}\n`,
    );
  }
  const hook = (event: string) => ({
    [event]: [{ matcher: '*', hooks: [{ type: 'command', command: 'true' }] }],
  });
  write(
    join(claude, 'settings.json'),
    JSON.stringify({
      hooks: {
        ...hook('PreToolUse'),
        ...hook('PostToolUse'),
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'true' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
      },
      statusLine: { type: 'command', command: 'echo bench' },
    }),
  );
  const marketplace = join(home, 'marketplace');
  const plugins = Array.from({ length: HEAVY.plugins }, (_, i) => `plugin-${pad(i)}`);
  write(
    join(marketplace, '.claude-plugin', 'marketplace.json'),
    JSON.stringify({
      name: 'bench-market',
      owner: { name: 'bench' },
      plugins: plugins.map((name) => ({
        name,
        source: `./plugins/${name}`,
        description: `The ${name} tools`,
      })),
    }),
  );
  for (const name of plugins) {
    const root = join(marketplace, 'plugins', name);
    write(
      join(root, '.claude-plugin', 'plugin.json'),
      JSON.stringify({ name, version: '1.0.0', description: `The ${name} tools` }),
    );
    write(join(root, 'commands', 'run.md'), command(`${name}-run`));
    write(join(root, 'skills', `${name}-skill`, 'SKILL.md'), skill(`${name}-skill`));
  }
  const serverScript = join(home, 'mcp-server.cjs');
  write(serverScript, SERVER_SCRIPT);
  return { marketplace, serverScript };
}

/** The `wave mcp add-json` configuration of the setup's server `index`. */
export function serverConfig(serverScript: string, index: number): { name: string; json: string } {
  const kind = SERVER_KINDS[index] ?? 'quick';
  return {
    name: `bench-${index}-${kind}`,
    json: JSON.stringify({
      type: 'stdio',
      command: process.execPath,
      args: [serverScript, kind, String(HEAVY.toolsPerServer), String(SLOW_START_MS)],
    }),
  };
}
