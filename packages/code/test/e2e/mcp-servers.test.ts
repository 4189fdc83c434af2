// MCP servers in the real `wave` against tools/mock-llm: a Claude Code project's `.mcp.json`,
// used unchanged (fixtures/claude-code-project: `node notes-server.mjs`, relative to the project,
// with a `${VAR:-default}`), and the user's own servers from $WAVE_HOME/settings.json. The
// project's servers wait for trust (print mode: only --permission-mode bypassPermissions or a
// folder already trusted; the terminal UI: its question, which shows the whole command line);
// the user's always start; the tools go through the permission rules like any tool.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal } from './wave-terminal.js';
import { cleanEnv, runWave } from './wave-process.js';

const PROJECT = realpathSync(
  fileURLToPath(new URL('./fixtures/claude-code-project', import.meta.url)),
);
const NOTES_SERVER = join(PROJECT, 'notes-server.mjs');
const QUESTION = 'This folder asks for more than Wave allows by default';

const fx = useE2eFixture();

const NOTE_THEN_ANSWER = (tool: string): Scenario => ({
  name: 'note',
  turns: [
    {
      match: { turnIndex: 0 },
      reply: [{ type: 'tool_call', name: tool, input: { text: 'buy milk' } }],
    },
    { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Noted it for you.' }] },
  ],
});

async function serve(scenario: Scenario): Promise<Record<string, string>> {
  fx.mock = await startMock(scenario);
  return providerEnv('openai', fx.mock.url);
}

function print(cwd: string, env: Record<string, string>, args: readonly string[] = []) {
  return runWave(['-p', 'note that I need milk', ...args], {
    cwd,
    env: cleanEnv({ WAVE_HOME: fx.home.path, WAVE_MAX_RETRIES: '0', ...env }),
  });
}

interface OfferedTool {
  readonly function: { readonly name: string; readonly parameters: unknown };
}

function offered(index: number): Map<string, unknown> {
  const body = fx.mock?.requests[index]?.body as { tools?: OfferedTool[] } | undefined;
  return new Map((body?.tools ?? []).map((tool) => [tool.function.name, tool.function.parameters]));
}

function requestText(index: number): string {
  return JSON.stringify(fx.mock?.requests[index]?.body ?? null);
}

const SLOW = { timeout: 90_000 };

/** /mcp until it lists the server as connected (it may still be starting): bounded tries. */
async function mcpUntilConnected(wave: PtyTerminal): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    await wave.submit('/mcp');
    try {
      return await wave.waitFor('connected · 1 tool', 3_000, '/mcp listing the server connected');
    } catch (error) {
      if (attempt === 10) throw error;
    }
  }
}

describe('a Claude Code project’s .mcp.json in print mode', SLOW, () => {
  it('does not start its servers in a folder that is not trusted, and says which and why', async () => {
    const env = await serve(NOTE_THEN_ANSWER('mcp__notes__add_note'));
    const started = join(fx.work.path, 'notes-started');
    const run = await print(PROJECT, { ...env, NOTES_STARTED_FILE: started });
    expect(run.stderr).toContain(
      `wave: ignoring settings from ${PROJECT}/.mcp.json because this folder is not trusted: mcpServers.notes NOTES_GREETING='\${NOTES_GREETING:-hello from the notes server}' NOTES_STARTED_FILE='\${NOTES_STARTED_FILE:-}' node notes-server.mjs (start the MCP server "notes" (a program on your machine) and give the model its tools).`,
    );
    expect(run.code).toBe(0);
    // The server's own word: it never started (it writes its pid to this file when it does).
    expect(existsSync(started)).toBe(false);
    expect([...offered(0).keys()].some((name) => name.startsWith('mcp__'))).toBe(false);
    expect(requestText(1)).not.toContain('Saved note');
  });

  it('starts them with --permission-mode bypassPermissions: the tool and its schema reach the model, and its result', async () => {
    const env = await serve(NOTE_THEN_ANSWER('mcp__notes__add_note'));
    const started = join(fx.work.path, 'notes-started');
    const run = await print(PROJECT, { ...env, NOTES_STARTED_FILE: started }, [
      '--permission-mode',
      'bypassPermissions',
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(started, 'utf8')).toMatch(/^\d+\n$/);
    expect(run.stderr).not.toContain('ignoring settings');
    expect(offered(0).get('mcp__notes__add_note')).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', description: 'What to remember' } },
      required: ['text'],
    });
    expect(requestText(1)).toContain('Saved note 1: buy milk (hello from the notes server)');
    expect(run.stdout).toContain('Noted it for you.');
  });
});

describe("Claude Code's .mcp.json approval keys in print mode", SLOW, () => {
  /** A project whose .mcp.json starts the fixture's notes server, with the files given. */
  function project(files: Record<string, unknown>): string {
    const mcp = JSON.parse(readFileSync(join(PROJECT, '.mcp.json'), 'utf8')) as {
      mcpServers: { notes: { args: string[] } };
    };
    mcp.mcpServers.notes.args = [NOTES_SERVER];
    writeFileSync(join(fx.work.path, '.mcp.json'), JSON.stringify(mcp));
    for (const [path, value] of Object.entries(files)) {
      mkdirSync(dirname(join(fx.work.path, path)), { recursive: true });
      writeFileSync(join(fx.work.path, path), JSON.stringify(value));
    }
    return realpathSync(fx.work.path);
  }

  it("starts a server the user's own enabledMcpjsonServers approves, in a folder nobody trusted", async () => {
    const cwd = project({});
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({ enabledMcpjsonServers: ['notes'], allowedTools: ['mcp__notes__add_note'] }),
    );
    const env = await serve(NOTE_THEN_ANSWER('mcp__notes__add_note'));
    const started = join(cwd, 'notes-started');
    const run = await print(cwd, { ...env, NOTES_STARTED_FILE: started });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('ignoring settings');
    expect(readFileSync(started, 'utf8')).toMatch(/^\d+\n$/);
    expect(requestText(1)).toContain('Saved note 1: buy milk');
  });

  it("does not take the repository's own approval: its enableAllProjectMcpServers waits for trust, and says so", async () => {
    const cwd = project({ '.claude/settings.local.json': { enableAllProjectMcpServers: true } });
    const env = await serve(NOTE_THEN_ANSWER('mcp__notes__add_note'));
    const started = join(cwd, 'notes-started');
    const run = await print(cwd, { ...env, NOTES_STARTED_FILE: started });
    expect(run.stderr).toContain(
      `${join(cwd, '.claude', 'settings.local.json')} approves .mcp.json servers; a file of the work folder cannot start them without your word`,
    );
    expect(run.stderr).toContain('because this folder is not trusted: mcpServers.notes');
    expect(existsSync(started)).toBe(false);
  });

  it('never starts a server disabledMcpjsonServers names, even with bypassPermissions', async () => {
    const cwd = project({ '.claude/settings.json': { disabledMcpjsonServers: ['notes'] } });
    const env = await serve(NOTE_THEN_ANSWER('mcp__notes__add_note'));
    const started = join(cwd, 'notes-started');
    const run = await print(cwd, { ...env, NOTES_STARTED_FILE: started }, [
      '--permission-mode',
      'bypassPermissions',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(started)).toBe(false);
    expect([...offered(0).keys()].some((name) => name.startsWith('mcp__'))).toBe(false);
  });
});

describe('the user’s own MCP servers ($WAVE_HOME/settings.json)', SLOW, () => {
  function userServers(settings: Record<string, unknown>): void {
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({
        mcpServers: { mine: { command: 'node', args: [NOTES_SERVER] } },
        ...settings,
      }),
    );
  }

  it('always start; allowedTools may name their tools, which then run in print mode', async () => {
    userServers({ allowedTools: ['mcp__mine__add_note'] });
    const env = await serve(NOTE_THEN_ANSWER('mcp__mine__add_note'));
    const run = await print(fx.work.path, env);
    expect(run.code).toBe(0);
    expect(offered(0).has('mcp__mine__add_note')).toBe(true);
    expect(requestText(1)).toContain('Saved note 1: buy milk (no greeting)');
    expect(run.stdout).toContain('Noted it for you.');
  });

  it('are refused in print mode without a flag or allowedTools, with a sentence saying which would allow them', async () => {
    userServers({});
    const env = await serve(NOTE_THEN_ANSWER('mcp__mine__add_note'));
    const run = await print(fx.work.path, env);
    expect(run.stderr).toContain(
      '✗ mine · add_note(text: buy milk): mcp__mine__add_note is a tool of the MCP server "mine", which can do anything its server does, and there is no one to ask for permission here. Run with --permission-mode bypassPermissions, or allow it with a rule in the settings\' permissions.allow (e.g. "mcp__mine__add_note").',
    );
    expect(requestText(1)).not.toContain('Saved note');
  });
});

describe('a Claude Code project’s .mcp.json in the terminal UI', SLOW, () => {
  it('asks about the server with its whole command line; trusted, /mcp shows it connected with its tool', async () => {
    const env = await serve({ name: 'idle', turns: [{ reply: [{ type: 'text', text: 'Hi.' }] }] });
    const terminal = await startWaveTerminal({
      env,
      waveHome: fx.home.path,
      cwd: PROJECT,
      waitForPrompt: false,
      cols: 200,
    });
    fx.terminal = terminal;
    const shown = await terminal.waitFor("Don't trust it", 15_000, 'the trust question');
    expect(shown).toContain(QUESTION);
    expect(shown).toContain(`${PROJECT}/.mcp.json asks to:`);
    // The request in full (the terminal may wrap it anywhere, so whitespace is left out).
    const squeezed = (text: string): string => text.replace(/\s+/g, '');
    expect(squeezed(shown)).toContain(
      squeezed(
        `start the MCP server "notes" (a program on your machine) and give the model its tools (mcpServers.notes: NOTES_GREETING='\${NOTES_GREETING:-hello from the notes server}' NOTES_STARTED_FILE='\${NOTES_STARTED_FILE:-}' node notes-server.mjs)`,
      ),
    );
    terminal.write(KEYS.up);
    await terminal.waitFor(/❯ 1\. Trust this folder/, 10_000, 'the first choice highlighted');
    terminal.write(KEYS.enter);
    await terminal.waitFor(PROMPT_READY, 15_000, 'the prompt after trusting');
    const listed = await mcpUntilConnected(terminal);
    expect(listed).toContain('notes  connected · 1 tool · node notes-server.mjs');
    expect(listed).toContain('mcp__notes__add_note');

    // Remembered: the next start asks nothing and the server starts.
    await terminal.dispose();
    const again = await startWaveTerminal({ env, waveHome: fx.home.path, cwd: PROJECT, cols: 200 });
    fx.terminal = again;
    expect(again.text()).not.toContain(QUESTION);
    expect(await mcpUntilConnected(again)).toContain('mcp__notes__add_note');
  });
});
