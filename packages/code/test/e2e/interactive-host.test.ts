// What the CLI adds around the interactive UI, in a real pseudo-terminal: permission questions
// reach the UI through the bridge, settings grant tools and choose the mode, /model switches the
// model (and --save keeps it), a first prompt can come from the command line, and bad
// configuration stops before the UI starts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { PtyTerminal } from './terminal.js';
import { NODE_ARGS, cleanEnv } from './wave-process.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';
import { trustFolder } from './trusted-folder.js';

const fx = useE2eFixture();

const BASH_SCENARIO: Scenario = {
  name: 'bash',
  turns: [
    {
      match: { turnIndex: 0 },
      reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo ran-$((40 + 2))' } }],
    },
    {
      match: { lastToolResultContains: 'ran-42' },
      reply: [{ type: 'text', text: 'the command ran' }],
    },
    {
      match: { lastToolResultContains: 'denied' },
      reply: [{ type: 'text', text: 'the command was denied' }],
    },
    {
      match: { lastToolResultContains: 'Plan mode' },
      reply: [{ type: 'text', text: 'plan mode stopped it' }],
    },
  ],
};

async function waveWith(scenario: Scenario, args: string[] = []): Promise<PtyTerminal> {
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv('anthropic', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
  });
  return fx.terminal;
}

describe('wave around its interactive UI', () => {
  it('asks the user before running a command, and runs it when allowed', async () => {
    const wave = await waveWith(BASH_SCENARIO);
    await wave.submit('run the command');
    await wave.waitFor('Permission needed', 10_000, 'the permission question');
    wave.write('1');
    const all = await waitForTurnEnd(wave, (text) => text.includes('the command ran'));
    expect(all).not.toContain('the command was denied');
  });

  it('runs the tools the settings allow without asking', async () => {
    writeFileSync(join(fx.home.path, 'settings.json'), JSON.stringify({ allowedTools: ['Bash'] }));
    const wave = await waveWith(BASH_SCENARIO);
    await wave.submit('run the command');
    const all = await waitForTurnEnd(wave, (text) => text.includes('the command ran'));
    expect(all).not.toContain('Permission needed');
  });

  it("takes the permission mode from a trusted folder's settings, and --permission-mode over them", async () => {
    mkdirSync(join(fx.work.path, '.wave'));
    writeFileSync(
      join(fx.work.path, '.wave', 'settings.json'),
      JSON.stringify({ permissionMode: 'bypassPermissions' }),
    );
    trustFolder(fx.home.path, fx.work.path, ['permissionMode=bypassPermissions']);
    const bypassing = await waveWith(BASH_SCENARIO);
    await bypassing.submit('run the command');
    expect(
      await waitForTurnEnd(bypassing, (text) => text.includes('the command ran')),
    ).not.toContain('Permission needed');
    await bypassing.dispose();
    await fx.mock?.close();

    const planning = await waveWith(BASH_SCENARIO, ['--permission-mode', 'plan']);
    await planning.submit('run the command');
    await waitForTurnEnd(planning, (text) => text.includes('plan mode stopped it'));
  });

  it('sends a prompt given on the command line as the first message', async () => {
    const wave = await waveWith(
      { name: 'first', turns: [{ reply: [{ type: 'text', text: 'hello from the first turn' }] }] },
      ['say hello'],
    );
    const all = await waitForTurnEnd(wave, (text) => text.includes('hello from the first turn'));
    expect(all).toContain('say hello');
  });

  it('switches the model with /model NAME, and saves it with --save', async () => {
    const wave = await waveWith({
      name: 'model',
      turns: [{ reply: [{ type: 'text', text: 'answered by the new model' }] }],
    });
    await wave.submit('/model claude-opus-4');
    await wave.waitFor('Now using claude-opus-4 for this session', 10_000);
    expect(
      wave
        .screen()
        .split('\n')
        .findLast((line) => line.trim() !== ''),
    ).toContain('claude-opus-4');
    await wave.submit('hello');
    await waitForTurnEnd(wave, (text) => text.includes('answered by the new model'));
    expect((fx.mock!.requests.at(-1)!.body as { model: string }).model).toBe('claude-opus-4');
    await wave.submit('/model claude-opus-4 --save');
    await wave.waitFor('Saved claude-opus-4 as the model', 10_000);
    expect(JSON.parse(readFileSync(join(fx.home.path, 'settings.json'), 'utf8'))).toEqual({
      model: 'claude-opus-4',
    });
  });

  it('starts a new conversation on /clear', async () => {
    const wave = await waveWith({
      name: 'clear',
      turns: [
        { reply: [{ type: 'text', text: 'first answer' }] },
        // After /clear the model must see only the new message.
        {
          match: { turnIndex: 1, lastUserContains: 'after clearing' },
          reply: [{ type: 'text', text: 'fresh answer' }],
        },
      ],
    });
    await wave.submit('before clearing');
    await waitForTurnEnd(wave, (text) => text.includes('first answer'));
    await wave.submit('/clear');
    await wave.waitFor('conversation cleared', 10_000);
    await wave.submit('after clearing');
    await waitForTurnEnd(wave, (text) => text.includes('fresh answer'));
    const lastRequest = fx.mock!.requests.at(-1)!.body as { messages: unknown[] };
    expect(lastRequest.messages).toHaveLength(1);
  });

  it('stops with one line and exit code 2 before the UI when the configuration is bad', async () => {
    fx.terminal = new PtyTerminal({
      file: process.execPath,
      args: NODE_ARGS,
      cwd: fx.work.path,
      env: cleanEnv({
        TERM: 'xterm-256color',
        WAVE_HOME: fx.home.path,
        WAVE_PROVIDER: 'anthropic',
      }),
    });
    expect(await fx.terminal.exited()).toEqual({ exitCode: 2 });
    expect(fx.terminal.text()).toBe(
      'wave: The anthropic provider needs an API key: set WAVE_API_KEY or ANTHROPIC_API_KEY (or pass --api-key).',
    );
    expect(fx.terminal.output).not.toContain(PROMPT_READY);
  });
});
