// The prompt: Enter sends, a pasted block stays one message, ↑/↓ recall this session's
// messages, `/` shows the commands (Tab completes), `!` is bang mode.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';
import { ScriptedServer } from '../test-support/scripted-server.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

function live(): string {
  return stripAnsi(app!.terminal.lastFrame().live);
}

function screen(): string {
  return stripAnsi(app!.terminal.lastFrame().screen);
}

async function typeText(text: string): Promise<void> {
  for (const char of text) await app!.type(char);
}

async function send(text: string): Promise<void> {
  await typeText(text);
  await app!.type(KEYS.enter);
}

describe('the prompt', () => {
  it('sends on Enter and clears', async () => {
    app = await mountApp();
    await send('hello agent');
    expect(app.server.sent).toEqual(['hello agent']);
    expect(live()).not.toContain('hello agent');
  });

  it('sends the initial prompt once the app is up', async () => {
    app = await mountApp({ props: { initialPrompt: 'fix the build' } });
    expect(app.server.sent).toEqual(['fix the build']);
  });

  it('keeps a pasted block with newlines as one message', async () => {
    app = await mountApp();
    await app.type('first line\r\nsecond line\rthird line');
    expect(live()).toContain('> first line');
    expect(live()).toContain('  second line');
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual(['first line\nsecond line\nthird line']);
  });

  it('adds a line with Alt+Enter or a backslash before Enter', async () => {
    app = await mountApp();
    await typeText('one');
    await app.type(KEYS.altEnter);
    await typeText('two\\');
    await app.type(KEYS.enter);
    await typeText('three');
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual(['one\ntwo\nthree']);
  });

  it('recalls earlier messages with ↑ and comes back to the draft with ↓', async () => {
    app = await mountApp();
    await send('first');
    app.server.endTurn();
    await app.emit();
    await send('second');
    app.server.endTurn();
    await app.emit();
    await typeText('draft');
    await app.type(KEYS.up);
    expect(live()).toContain('> second');
    await app.type(KEYS.up);
    expect(live()).toContain('> first');
    await app.type(KEYS.up);
    expect(live()).toContain('> first');
    await app.type(KEYS.down);
    expect(live()).toContain('> second');
    await app.type(KEYS.down);
    expect(live()).toContain('> draft');
  });

  it('refuses a shell command while a reply runs, says why, and keeps it in the prompt', async () => {
    app = await mountApp();
    await send('first');
    await send('!ls');
    expect(app.server.bangCommands).toEqual([]);
    expect(screen()).toContain('A reply is still running, so the shell command was not started');
    expect(live()).toContain('! !ls');
  });

  it('shows bang mode for !command and runs it through the agent, not as a message', async () => {
    app = await mountApp();
    await typeText('!ls -la');
    expect(live()).toMatch(/! !ls -la/);
    await app.type(KEYS.enter);
    expect(app.server.bangCommands).toEqual(['ls -la']);
    expect(app.server.sent).toEqual([]);
  });
});

describe('slash commands', () => {
  it('lists the commands as / is typed, narrows them, and Tab completes', async () => {
    app = await mountApp();
    await app.type('/');
    // The list shows MAX_COMPLETIONS at a time, in the shared table's order; the rest are a few
    // letters away.
    for (const name of [
      '/help',
      '/clear',
      '/resume',
      '/rewind',
      '/compact',
      '/btw',
      '/model',
      '/effort',
      '/tasks',
      '/mcp',
      '/sandbox',
      '/permissions',
      '/hooks',
    ])
      expect(live()).toContain(name);
    expect(live()).not.toContain('/exit');
    await typeText('ex');
    expect(live()).toContain('/exit');
    await app.type(KEYS.backspace);
    await app.type(KEYS.backspace);
    await typeText('ski');
    expect(live()).toContain('/skills');
    for (let typed = 0; typed < 3; typed++) await app.type(KEYS.backspace);
    await typeText('he');
    expect(live()).toContain('/help');
    expect(live()).not.toContain('/clear');
    await app.type(KEYS.tab);
    expect(live()).toContain('> /help ');
    await app.type(KEYS.enter);
    expect(screen()).toContain('Commands:');
    expect(screen()).toContain('/model [name]');
  });

  it('runs the highlighted command on Enter, moving with ↑/↓', async () => {
    app = await mountApp();
    await app.type('/');
    await app.type(KEYS.down);
    await app.type(KEYS.enter);
    // /clear: the session starts afresh under a new id.
    expect(app.server.state.sessionId).toBe('session-1-cleared');
    expect(screen()).toContain('── conversation cleared ──');
  });

  it('switches the model for the session with /model NAME, shown in the status line', async () => {
    const onCommand = vi.fn();
    app = await mountApp({ props: { onCommand } });
    await send('/model big-model');
    expect(app.server.state.model.model).toBe('big-model');
    expect(onCommand).not.toHaveBeenCalled();
    expect(screen()).toContain('Now using big-model for this session');
    expect(live().split('\n').at(-1)).toContain('big-model');
  });

  it('asks the host to save the model with --save or --project', async () => {
    const onCommand = vi.fn(() =>
      Promise.resolve({ message: 'Saved big-model in settings.json.' }),
    );
    app = await mountApp({ props: { onCommand } });
    await send('/model big-model --save');
    expect(onCommand).toHaveBeenCalledWith({ name: 'model', args: 'big-model --save' });
    expect(screen()).toContain('Now using big-model. Saved big-model in settings.json.');
    await send('/model other --project');
    expect(onCommand).toHaveBeenLastCalledWith({ name: 'model', args: 'other --project' });
    expect(app.server.state.model.model).toBe('other');
  });

  it('says why the model cannot switch, and shows the model without arguments', async () => {
    app = await mountApp();
    app.server.modelError =
      'The offline demo has only its scripted model; configure a real provider to choose a model.';
    await send('/model big-model');
    expect(screen()).toContain('Could not switch to big-model: The offline demo has only');
    expect(app.server.state.model.model).toBe('wave-demo');
    await send('/model');
    expect(screen()).toContain('Model: wave-demo (demo; no model is configured)');
  });

  it('/model with configured models: a picker of them, the current one marked; Enter switches', async () => {
    const server = new ScriptedServer(undefined, {
      model: { provider: 'openai', model: 'gpt-4.1', name: 'gpt-4.1' },
      models: [
        { name: 'gpt-4.1', provider: 'openai', model: 'gpt-4.1', purposes: ['default'] },
        { name: 'fast', provider: 'openai', model: 'gpt-4.1-mini', purposes: ['btw'] },
        { name: 'claude', provider: 'anthropic', model: 'claude-haiku-4-5', purposes: [] },
      ],
    });
    app = await mountApp({ server });
    await send('/model');
    const picker = live();
    expect(picker).toContain('Switch to which model?');
    expect(picker).toMatch(/❯ 1\. gpt-4\.1 +openai gpt-4\.1 · default · current/);
    expect(picker).toMatch(/2\. fast +openai gpt-4\.1-mini · btw\n/);
    expect(picker).toContain('3. claude  anthropic claude-haiku-4-5');
    expect(picker).toContain('Esc keeps gpt-4.1');
    await app.type(KEYS.down);
    await app.type(KEYS.down);
    await app.type(KEYS.enter);
    expect(app.server.state.model).toMatchObject({ name: 'claude', provider: 'anthropic' });
    expect(screen().replace(/\s+/g, ' ')).toContain(
      'Now using claude (anthropic claude-haiku-4-5) for this session; /model claude --save keeps it for next time.',
    );
    await send('/model');
    expect(live()).toMatch(/❯ 3\. claude +anthropic claude-haiku-4-5 · current/);
    await app.type(KEYS.escape);
    expect(live()).not.toContain('Switch to which model?');
    expect(app.server.state.model.name).toBe('claude');
  });

  it('/model NAME switches to a configured model by its name', async () => {
    const server = new ScriptedServer(undefined, {
      model: { provider: 'openai', model: 'gpt-4.1' },
      models: [
        { name: 'gpt-4.1', provider: 'openai', model: 'gpt-4.1', purposes: ['default'] },
        { name: 'fast', provider: 'openai', model: 'gpt-4.1-mini', purposes: [] },
      ],
    });
    app = await mountApp({ server });
    await send('/model fast');
    expect(app.server.state.model).toMatchObject({ name: 'fast', model: 'gpt-4.1-mini' });
    expect(screen()).toContain('Now using fast (openai gpt-4.1-mini) for this session');
  });

  it('says so for an unknown command', async () => {
    app = await mountApp();
    await send('/frobnicate now');
    expect(screen()).toContain('Unknown command /frobnicate');
  });

  it('accepts a longer command table', async () => {
    const run = vi.fn();
    app = await mountApp({
      props: { commands: [{ name: 'resume', description: 'Resume a session', run }] },
    });
    await app.type('/');
    expect(live()).toContain('/resume');
    await send('resume abc');
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ args: 'abc' }));
  });
});
