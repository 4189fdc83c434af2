// Ctrl+O and back in the real `wave` in a pseudo-terminal read through a headless xterm, with a
// full screen: the expanded view leaves nothing behind, and the history and the live area come
// back as they were, every word once in the whole buffer.
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import {
  PROMPT_READY,
  startWaveTerminal,
  waitForTurnEnd,
  wordsNotShownOnce,
} from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

const CTRL_O = '\u000F';
const EXPANDED = 'expanded view as of Ctrl+O';
const hasWord = (n: number) => (all: string) => new RegExp(`\\bw${n}\\b`).test(all);

describe('the expanded view on a full screen', () => {
  it('Ctrl+O twice after a long reply: the screen as before, every word once', async () => {
    fx.mock = await startMock({
      name: 'long',
      chunkSize: 7,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 2000 } }] }],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('anthropic', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 120,
      rows: 40,
    });
    fx.terminal = wave;
    await wave.submit('count to 2000');
    await waitForTurnEnd(wave, hasWord(2000));
    const before = wave.screen();

    wave.write(CTRL_O);
    await wave.waitFor(() => wave.screen().includes(EXPANDED), 10_000, 'the expanded view');
    wave.write(CTRL_O);
    await wave.waitFor(() => !wave.screen().includes(EXPANDED), 10_000, 'the view back');
    const after = await wave.waitFor(
      () => wave.screen() === before,
      10_000,
      'the screen as before',
    );
    expect(wave.screen()).toContain(PROMPT_READY);
    expect(after).not.toContain(EXPANDED);
    expect(wordsNotShownOnce(after, 1, 2000)).toEqual([]);
  });
});
