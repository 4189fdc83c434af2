// The work around the conversation in the real `wave` against tools/mock-llm, in a real
// pseudo-terminal: the model's task list under the conversation with the item in progress in the
// status line, kept by --continue; a background command listed by /tasks, stopped (and said so)
// when the session ends, and listed as stopped after --continue; two parallel subagents streaming
// nested under their Agent cards, each word once, stopped together by Esc.
import { twoSubagentsScenario } from '@wave-agent/mock-llm';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import {
  PROMPT_READY,
  TURN_RUNNING,
  startWaveTerminal,
  waitForTurnEnd,
  wordsNotShownOnce,
} from './wave-terminal.js';
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

async function leave(wave: PtyTerminal, said?: RegExp): Promise<void> {
  wave.write(KEYS.ctrlC);
  await wave.waitFor('Press Ctrl+C again to exit', 5_000);
  wave.write(KEYS.ctrlC);
  expect((await wave.exited()).exitCode).toBe(0);
  if (said) expect(wave.output).toMatch(said);
  await wave.dispose();
  fx.terminal = undefined;
}

const todos = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Fix the bug', status: 'pending', activeForm: 'Fixing the bug' },
];

// Two starts of wave each: generous bounds for a loaded machine (about 15 s on a quiet one).
const TWO_RUNS_MS = 90_000;

describe('the task list in the terminal', { timeout: TWO_RUNS_MS }, () => {
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

describe('background commands in the terminal', { timeout: TWO_RUNS_MS }, () => {
  it('/tasks lists a running command; leaving stops it and says so; --continue lists it as stopped', async () => {
    const command = "printf 'ready on port 4321\\n'; sleep 60";
    const wave = await waveWith(
      {
        name: 'background',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                name: 'Bash',
                input: { command, run_in_background: true, description: 'Start the server' },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'The server runs in the background.' }] },
        ],
      },
      ['--permission-mode', 'bypassPermissions'],
    );
    await wave.submit('start the server');
    await waitForTurnEnd(wave, (all) => all.includes('The server runs in the background.'));
    await wave.submit('/tasks');
    const listed = await wave.waitFor(/bash_\w+ {2}running/, 10_000, 'the running task in /tasks');
    expect(listed).toContain('Start the server');
    expect(listed).toContain(`$ ${command}`);
    await leave(wave, /Stopped a background command as the session ended: printf/);

    const again = await waveWith(
      { name: 'unused', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      ['--continue'],
    );
    await again.submit('/tasks');
    const after = await again.waitFor(
      /bash_\w+ {2}killed \(no exit code\)/,
      10_000,
      'the stopped task',
    );
    expect(after).toContain('Wave stopped it because its session ended.');
    expect(after).toContain('Stopped a background command as the session ended');
    await leave(again);
  });
});

const CHILD_WORDS = 12;

/** Two subagents in one response; each child holds after a few chunks (until released). */
const twoSubagents = (): Scenario =>
  twoSubagentsScenario({ childWords: CHILD_WORDS, chunkSize: 4, holdAfterChunks: 4 });

describe('subagents in the terminal', { timeout: TWO_RUNS_MS }, () => {
  it('streams two parallel subagents nested under their Agent cards, each word once, and their reports reach the parent', async () => {
    fx.mock = await startMock(twoSubagents());
    const wave = (fx.terminal = await startWaveTerminal({
      env: providerEnv('anthropic', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      rows: 50,
    }));
    await wave.submit('launch both');
    // Both children are writing (each held after a few chunks): each under its own card.
    await wave.waitFor(
      () => /\ba1\b/.test(wave.screen()) && /\bb1\b/.test(wave.screen()),
      20_000,
      'both subagents streaming',
    );
    const screen = wave.screen();
    const at = (pattern: RegExp) => screen.search(pattern);
    expect(at(/Agent general-purpose: Look at alpha/)).toBeGreaterThan(-1);
    expect(at(/Agent general-purpose: Look at alpha/)).toBeLessThan(at(/\ba1\b/));
    expect(at(/\ba1\b/)).toBeLessThan(at(/Agent Explore: Explore beta/));
    expect(at(/Agent Explore: Explore beta/)).toBeLessThan(at(/\bb1\b/));
    fx.mock.release();
    await waitForTurnEnd(wave, (all) => all.includes('Both subagents reported.'));
    expect(wave.screen()).toContain('Done (0 tool uses) · Ctrl+O shows the transcript');

    // The whole transcripts, once each: Ctrl+O.
    wave.write('\u000f'); // Ctrl+O
    const all = await wave.waitFor(
      (text) => text.includes('BETA-REPORT') && text.includes('transcript'),
      10_000,
      'the expanded transcripts',
    );
    expect(wordsNotShownOnce(all, 1, CHILD_WORDS, 'a')).toEqual([]);
    expect(wordsNotShownOnce(all, 1, CHILD_WORDS, 'b')).toEqual([]);
    const last = JSON.stringify(fx.mock.requests.at(-1)?.body);
    expect(last).toContain('ALPHA-REPORT');
    expect(last).toContain('BETA-REPORT');
  });

  it('Esc stops the parent and both subagents', async () => {
    fx.mock = await startMock(twoSubagents());
    const wave = (fx.terminal = await startWaveTerminal({
      env: providerEnv('anthropic', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
    }));
    await wave.submit('launch both');
    await wave.waitFor(
      () => /\ba1\b/.test(wave.screen()) && /\bb1\b/.test(wave.screen()),
      20_000,
      'both subagents streaming',
    );
    wave.write(KEYS.escape);
    await wave.waitFor(() => !wave.screen().includes(TURN_RUNNING), 15_000, 'the turn stopping');
    const stopped = wave.screen();
    expect(stopped.split('subagent was stopped').length - 1).toBe(2);
    // Nothing more was asked of the model: the children's held replies were abandoned.
    expect(fx.mock.requests).toHaveLength(3);
  });
});
