// The work around the conversation in the real `wave` against tools/mock-llm, in a real
// pseudo-terminal: the model's task list under the conversation with the item in progress in the
// status line, kept by --continue.
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, TURN_RUNNING, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

async function waveWith(scenario: Scenario, args: string[] = []): Promise<PtyTerminal> {
  await fx.mock?.close();
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv('anthropic', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
  });
  return fx.terminal;
}

async function leave(wave: PtyTerminal): Promise<void> {
  wave.write(KEYS.ctrlC);
  await wave.waitFor('Press Ctrl+C again to exit', 5_000);
  wave.write(KEYS.ctrlC);
  expect((await wave.exited()).exitCode).toBe(0);
  await wave.dispose();
  fx.terminal = undefined;
}

const todos = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Fix the bug', status: 'pending', activeForm: 'Fixing the bug' },
];

describe('the task list in the terminal', () => {
  it('shows the list live under the conversation, the active item in the status line, and again after --continue', async () => {
    const wave = await waveWith({
      name: 'todos',
      turns: [
        { reply: [{ type: 'tool_call', name: 'TodoWrite', input: { todos } }] },
        {
          faults: [{ kind: 'hold', afterChunks: 2 }],
          reply: [{ type: 'text', text: 'Working through the list now.' }],
        },
      ],
    });
    await wave.submit('fix the bug');
    // While the reply still runs: the list under the conversation, the doing in the status line.
    const live = await wave.waitFor(
      () => {
        const screen = wave.screen();
        return screen.includes('Tasks 1/3 done') && screen.includes(TURN_RUNNING);
      },
      15_000,
      'the task list while the turn runs',
    );
    const screen = wave.screen();
    expect(screen).toContain('☒ Read the code');
    expect(screen).toContain('◐ Running the tests');
    expect(screen).toContain('☐ Fix the bug');
    const statusLine = screen.split('\n').find((line) => line.includes(TURN_RUNNING));
    expect(statusLine).toContain('Running the tests');
    expect(live).toContain('TodoWrite');
    fx.mock!.release();
    await waitForTurnEnd(wave, (all) => all.includes('Working through the list now.'));
    await leave(wave);

    const again = await waveWith(
      { name: 'unused', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      ['--continue'],
    );
    await again.waitFor(
      () => again.screen().includes(PROMPT_READY) && again.screen().includes('Tasks 1/3 done'),
      10_000,
      'the task list of the continued session',
    );
    expect(again.screen()).toContain('◐ Running the tests');
    await leave(again);
  });
});
