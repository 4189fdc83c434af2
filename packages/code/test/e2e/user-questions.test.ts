// The model's questions and plans in the real `wave` against tools/mock-llm, in a real
// pseudo-terminal: AskUserQuestion as a picker (a number, arrows and Enter, Space for several,
// typing an answer of one's own), ExitPlanMode's plan drawn as Markdown with its three choices
// (approved: the mode changes; sent back: the note reaches the model, plan mode stays), /plan,
// and print mode, where neither tool is offered and a call is told why.
import { CHECKS_QUESTION, DATABASE_QUESTION, askingScenario } from '@wave-agent/mock-llm';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';
import { cleanEnv, runWave } from './wave-process.js';
import { toolResults } from './tool-call-scenario.js';

const fx = useE2eFixture();

async function waveWith(scenario: Scenario, args: readonly string[] = []): Promise<PtyTerminal> {
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv('openai', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    rows: 40,
    args,
  });
  return fx.terminal;
}

const DATABASE = DATABASE_QUESTION;
const CHECKS = CHECKS_QUESTION;

const asking = askingScenario;

function planning(plan: string): Scenario {
  return {
    name: 'plans',
    turns: [
      { reply: [{ type: 'tool_call', name: 'ExitPlanMode', input: { plan } }] },
      { reply: [{ type: 'text', text: 'On it.' }] },
    ],
  };
}

describe('the model asks the user, in the terminal', () => {
  it('a question with choices is answered in two key presses (↓, Enter)', async () => {
    const wave = await waveWith(asking([DATABASE]));
    await wave.submit('set up storage');
    const asked = await wave.waitFor('Type something else', 15_000, 'the question');
    expect(asked).toContain('Which database?');
    expect(asked).toContain('1. SQLite');
    expect(asked).toContain('One file, no server');
    wave.write(KEYS.down);
    await wave.waitFor(/❯ 2\. Postgres/, 5_000, 'the cursor on Postgres');
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('Thanks, noted.'));
    expect(toolResults(fx.mock)).toEqual([
      'Your questions have been answered: "Which database?"="Postgres". You can now continue with these answers in mind.',
    ]);
  });

  it('several choices with Space, and an answer typed by the user', async () => {
    const wave = await waveWith(asking([CHECKS, DATABASE]));
    await wave.submit('set up checks');
    await wave.waitFor('Which checks?', 15_000, 'the first question');
    wave.write(' ');
    wave.write(KEYS.down);
    wave.write(KEYS.down);
    wave.write(' ');
    await wave.waitFor(/\[✔\] Lint[\s\S]*\[✔\] Tests/, 5_000, 'two picked');
    wave.write(KEYS.enter);
    await wave.waitFor('Which database?', 5_000, 'the second question');
    wave.write('flat files');
    await wave.waitFor('Type something else: flat files', 5_000, 'the typed answer');
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('Thanks, noted.'));
    expect(toolResults(fx.mock)).toEqual([
      'The user answered: "Which checks?"="Lint, Tests", "Which database?"="flat files". Read the answers carefully \u2014 they may request clarification, changes, or that you not proceed \u2014 and follow what they actually say.',
    ]);
  });

  it('a plan approved with edits accepted leaves plan mode', async () => {
    const wave = await waveWith(planning('# Add the route\n\n1. **Write** the handler'), [
      '--permission-mode',
      'plan',
    ]);
    await wave.submit('plan the route');
    const asked = await wave.waitFor('Yes, and auto-accept edits', 15_000, 'the plan');
    expect(asked).toContain('Ready to code? Here is the plan:');
    // Drawn as Markdown: no heading marks, no asterisks.
    expect(asked).toContain('Add the route');
    expect(asked).not.toContain('# Add the route');
    expect(asked).not.toContain('**Write**');
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('On it.'));
    await wave.waitFor('accepts edits', 5_000, 'the new mode in the status line');
    expect(toolResults(fx.mock)[0]).toContain('User has approved your plan.');
  });

  it('a plan sent back with a note: the model reads the note, plan mode stays', async () => {
    const wave = await waveWith(planning('- one step'), ['--permission-mode', 'plan']);
    await wave.submit('plan it');
    await wave.waitFor('No, keep planning', 15_000, 'the plan');
    wave.write('add tests first');
    await wave.waitFor('No, keep planning: add tests first', 5_000, 'the note');
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('On it.'));
    expect(toolResults(fx.mock)[0]).toContain('the user said:\nadd tests first');
    expect(wave.screen()).toContain('plan mode');
  });

  it('/plan enters plan mode', async () => {
    const wave = await waveWith(asking([DATABASE]));
    await wave.submit('/plan');
    await wave.waitFor('Plan mode: the model reads', 10_000, '/plan says so');
    await wave.waitFor('plan mode', 5_000, 'the status line');
  });
});

describe('print mode (no one to ask)', () => {
  it('offers neither tool, and a call is told why while the run goes on', async () => {
    fx.mock = await startMock(asking([DATABASE]));
    const run = await runWave(['-p', 'set up storage'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, ...providerEnv('openai', fx.mock.url) }),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Thanks, noted.');
    const offered = JSON.stringify(fx.mock.requests[0]?.body);
    expect(offered).not.toContain('"AskUserQuestion"');
    expect(offered).not.toContain('"ExitPlanMode"');
    expect(toolResults(fx.mock)[0]).toContain(
      'AskUserQuestion is not offered in this run: no one is there to answer',
    );
  });
});
