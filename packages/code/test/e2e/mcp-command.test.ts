// `wave mcp` as a user runs it, in Claude Code 2.1's syntax, in a temporary WAVE_HOME and work
// folder: each scope is written where the README says (keeping the file's other keys), `list` and
// `get` connect to the real notes server (the fixture of a Claude Code project) and say its
// state, a project server nobody approved is never started by them, a local server is used by a
// session without the trust question, and reset-project-choices forgets the folder's approvals.
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, closedPort, runWave } from './wave-process.js';

const NOTES_SERVER = fileURLToPath(
  new URL('./fixtures/claude-code-project/notes-server.mjs', import.meta.url),
);
const SLOW = { timeout: 90_000 };

const fx = useE2eFixture();

function wave(args: readonly string[], extra: Record<string, string> = {}, stdin?: string) {
  return runWave(args, {
    cwd: fx.work.path,
    env: cleanEnv({ WAVE_HOME: fx.home.path, WAVE_MAX_RETRIES: '0', ...extra }),
    ...(stdin !== undefined ? { stdin } : {}),
  });
}

function json(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('wave mcp add, get, list and remove', SLOW, () => {
  it('adds a local server, connects to it in list and get, and removes it', async () => {
    const started = join(fx.work.path, 'notes-started');
    const add = await wave([
      'mcp',
      'add',
      '-e',
      'NOTES_STARTED_FILE=' + started,
      'GREETING=hi',
      'notes',
      '--',
      'node',
      NOTES_SERVER,
    ]);
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    const file = join(fx.home.path, 'local-mcp-servers.json');
    expect(add.stdout).toBe(
      `Added stdio MCP server notes with command: node ${NOTES_SERVER} to local config\nFile modified: ${file}\n`,
    );
    expect(json(file)).toEqual({
      projects: {
        [realpathSync(fx.work.path)]: {
          mcpServers: {
            notes: {
              type: 'stdio',
              command: 'node',
              args: [NOTES_SERVER],
              env: { NOTES_STARTED_FILE: started, GREETING: 'hi' },
            },
          },
        },
      },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const list = await wave(['mcp', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      `Checking MCP server health...\n\nnotes: node ${NOTES_SERVER} - ✓ Connected\n`,
    );
    // Really started, by the server's own word.
    expect(readFileSync(started, 'utf8')).toMatch(/^\d+\n$/);

    const get = await wave(['mcp', 'get', 'notes']);
    expect(get.code).toBe(0);
    expect(get.stdout).toBe(
      [
        'notes:',
        '  Scope: Local config (private to you in this project)',
        '  Status: ✓ Connected',
        '  Type: stdio',
        '  Command: node',
        `  Args: ${NOTES_SERVER}`,
        '  Environment:',
        `    NOTES_STARTED_FILE=${started}`,
        '    GREETING=hi',
        '',
        'To remove this server, run: wave mcp remove "notes" -s local',
        '',
      ].join('\n'),
    );

    const unknown = await wave(['mcp', 'get', 'nothing']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No MCP server found with name: nothing.');

    const again = await wave(['mcp', 'add', 'notes', 'node', 'x']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('MCP server notes already exists in local config.');

    const remove = await wave(['mcp', 'remove', 'notes']);
    expect(remove.code).toBe(0);
    expect(remove.stdout).toBe(
      `Removed MCP server "notes" from local config\nFile modified: ${file}\n`,
    );
    expect((await wave(['mcp', 'list'])).stdout).toBe(
      'No MCP servers configured. Use `wave mcp add` to add a server.\n',
    );
    expect((await wave(['mcp', 'remove', 'notes'])).code).toBe(1);
  });

  it('writes a project server into .mcp.json in Claude Code’s shape, keeping the file’s other keys, and never starts it unapproved', async () => {
    const mcpJson = join(fx.work.path, '.mcp.json');
    writeFileSync(
      mcpJson,
      JSON.stringify({ mcpServers: { old: { command: 'node', args: ['old.js'] } }, note: 'kept' }),
    );
    const started = join(fx.work.path, 'notes-started');
    const add = await wave([
      'mcp',
      'add',
      '-s',
      'project',
      '-e',
      `NOTES_STARTED_FILE=${started}`,
      'notes',
      'node',
      NOTES_SERVER,
      '--verbose',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const http = await wave([
      'mcp',
      'add',
      '--scope',
      'project',
      '-t',
      'http',
      '-H',
      'Authorization: Bearer ${TOKEN}',
      'docs',
      'https://docs.example.com/mcp',
    ]);
    expect(http.code, http.stderr).toBe(0);
    expect(json(mcpJson)).toEqual({
      mcpServers: {
        old: { command: 'node', args: ['old.js'] },
        notes: {
          type: 'stdio',
          command: 'node',
          args: [NOTES_SERVER, '--verbose'],
          env: { NOTES_STARTED_FILE: started },
        },
        docs: {
          type: 'http',
          url: 'https://docs.example.com/mcp',
          headers: { Authorization: 'Bearer ${TOKEN}' },
        },
      },
      note: 'kept',
    });
    const list = await wave(['mcp', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(
      `notes: node ${NOTES_SERVER} --verbose - ⏸ Needs approval (start wave here and trust the folder, or run wave trust)`,
    );
    expect(existsSync(started)).toBe(false);

    // Trusted: list starts it. Reset: it waits for approval again.
    expect((await wave(['trust'])).code).toBe(0);
    expect((await wave(['mcp', 'get', 'notes'])).stdout).toContain('  Status: ✓ Connected');
    expect(existsSync(started)).toBe(true);
    const reset = await wave(['mcp', 'reset-project-choices']);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(
      'All project-scoped (.mcp.json) server approvals and rejections have been reset.',
    );
    expect((await wave(['mcp', 'get', 'notes'])).stdout).toContain('  Status: ⏸ Needs approval');
  });

  it('adds a user server to $WAVE_HOME/settings.json beside its other settings, and says why it cannot connect', async () => {
    const settings = join(fx.home.path, 'settings.json');
    writeFileSync(settings, '{\n  // mine\n  "permissionMode": "default"\n}\n');
    const port = await closedPort();
    const add = await wave(
      ['mcp', 'add-json', '-s', 'user', 'web', '-'],
      {},
      JSON.stringify({ type: 'http', url: `http://127.0.0.1:${port}/mcp` }),
    );
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain(
      `Added HTTP MCP server web with URL: http://127.0.0.1:${port}/mcp to user config`,
    );
    const text = readFileSync(settings, 'utf8');
    expect(text).toContain('// mine');
    expect(text).toContain('"permissionMode": "default"');
    const get = await wave(['mcp', 'get', 'web']);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('  Scope: User config (available in all your projects)');
    expect(get.stdout).toContain(
      `  Status: ✗ Failed to connect: Wave could not connect to http://127.0.0.1:${port}/mcp`,
    );
    // The same name in two scopes: remove asks which.
    expect((await wave(['mcp', 'add', 'web', 'node', 'x'])).code).toBe(0);
    const ambiguous = await wave(['mcp', 'remove', 'web']);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('wave mcp remove "web" -s user');
    expect((await wave(['mcp', 'remove', 'web', '-s', 'user'])).code).toBe(0);
    expect(readFileSync(settings, 'utf8')).toContain('// mine');
  });

  it('refuses a bad command line with a usage line (exit 2)', async () => {
    const bad = await wave(['mcp', 'add', '-t', 'http', 'docs', 'not a url']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"not a url" is not a URL');
    const json = await wave(['mcp', 'add-json', 'x', '{"type":"stdio"}']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('a stdio server needs "command"');
  });
});

describe('a local server in a session', SLOW, () => {
  it('is used in print mode without the trust question: it is the user’s word', async () => {
    const scenario: Scenario = {
      name: 'note',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: 'mcp__notes__add_note', input: { text: 'milk' } }],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Noted.' }] },
      ],
    };
    fx.mock = await startMock(scenario);
    expect((await wave(['mcp', 'add', 'notes', '--', 'node', NOTES_SERVER])).code).toBe(0);
    const run = await wave(
      ['-p', 'note milk', '--allowedTools', 'mcp__notes__add_note'],
      providerEnv('openai', fx.mock.url),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(fx.mock.requests[1]?.body)).toContain('Saved note 1: milk');
  });
});
