// Stopping a turn with Esc in the real `wave` against tools/mock-llm, in a real pseudo-terminal:
// Esc on a permission question stops the turn (the model is not asked again); a stopped reply
// keeps its partial text, says that it was interrupted (also after --continue), and the model is
// told so on the next turn.
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import type { MockProvider } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { TURN_RUNNING, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

async function waveWith(
  provider: MockProvider,
  scenario: Scenario,
  args: string[] = [],
): Promise<PtyTerminal> {
  await fx.terminal?.dispose();
  await fx.mock?.close();
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv(provider, fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
  });
  return fx.terminal;
}

/** What the user sees after a stopped reply (the SDK's notice). */
const INTERRUPTED = 'Interrupted: the reply above was stopped before it finished.';
/** What the model is told of it. */
const TOLD_TO_MODEL = 'The user interrupted your previous reply';

const hasWord = (n: number) => (all: string) => new RegExp(`\\bw${n}\\b`).test(all);
const count = (text: string, part: string): number => text.split(part).length - 1;

describe('Esc on a permission question', () => {
  it('stops the turn: the call is denied, the model is not asked again, the turn ends', async () => {
    const wave = await waveWith('anthropic', {
      name: 'asks',
      turns: [
        {
          reply: [
            { type: 'text', text: 'Let me clean up.' },
            { type: 'tool_call', name: 'Bash', input: { command: 'rm -rf build' } },
          ],
        },
        // What the model would say if it were asked again after the denial.
        { reply: [{ type: 'text', text: 'asked again after the denial' }] },
      ],
    });
    await wave.submit('clean the build');
    await wave.waitFor('Permission needed', 15_000, 'the permission question');
    wave.write(KEYS.escape);
    const stopped = await waitForTurnEnd(wave, (all) => all.includes(INTERRUPTED));
    expect(wave.screen()).not.toContain('Permission needed');
    expect(stopped).not.toContain('asked again after the denial');
    // The turn is over, so no request can come from it any more.
    expect(fx.mock!.requests).toHaveLength(1);
  });
});

describe('a reply stopped with Esc', () => {
  it('keeps its text, says it was interrupted (also after --continue), and the model hears of it next turn', async () => {
    const scenario: Scenario = {
      name: 'long',
      chunkSize: 7,
      delayMs: 3,
      turns: [
        {
          match: { lastUserContains: 'count' },
          reply: [{ type: 'text', numberedWords: { count: 2000 } }],
        },
        {
          match: { lastUserContains: 'go on' },
          reply: [{ type: 'text', text: 'the second answer' }],
        },
      ],
    };
    const wave = await waveWith('openai', scenario);
    await wave.submit('count until I stop you');
    await wave.waitFor(hasWord(300), 15_000, 'w300');
    wave.write(KEYS.escape);
    const stopped = await waitForTurnEnd(wave, (all) => all.includes(INTERRUPTED));
    expect(count(stopped, INTERRUPTED)).toBe(1);
    // Under the partial reply: after its last word shown.
    expect(stopped.indexOf(INTERRUPTED)).toBeGreaterThan(stopped.search(/\bw300\b/));
    expect(stopped).not.toContain('w2000');

    await wave.submit('go on');
    await waitForTurnEnd(wave, (all) => all.includes('the second answer'));
    expect(fx.mock!.requests).toHaveLength(2);
    const next = JSON.stringify(fx.mock!.requests[1]!.body);
    expect(next).toContain(TOLD_TO_MODEL);
    // Told once, after the partial reply and before the new message.
    expect(count(next, TOLD_TO_MODEL)).toBe(1);
    expect(next.indexOf(TOLD_TO_MODEL)).toBeGreaterThan(next.indexOf('w300'));
    expect(next.indexOf(TOLD_TO_MODEL)).toBeLessThan(next.indexOf('go on'));

    // The notice is part of the session: a restored session shows it too.
    const again = await waveWith('openai', scenario, ['--continue']);
    const restored = await again.waitFor(
      (all) => all.includes(INTERRUPTED) && all.includes('the second answer'),
      15_000,
      'the restored conversation',
    );
    expect(count(restored, INTERRUPTED)).toBe(1);
    expect(again.screen()).not.toContain(TURN_RUNNING);
  }, 90_000);
});
