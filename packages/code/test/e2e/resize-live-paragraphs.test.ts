// A reply's finished paragraphs are laid out once and kept while they stay in the live area
// (ui/messages/live-paragraphs.ts). A resize must lay them out again at the new width: a kept
// paragraph laid out for the old width is wider than the terminal, and what wraps it then (Ink,
// or the terminal) knows nothing of markdown: a quote's continuation lines lose their bar. The
// real wave in a pseudo-terminal, read back through a headless xterm (soft-wrapped rows joined
// into the lines Wave wrote): the stream holds while a finished quote is live, the terminal
// narrows, the rest streams.
import type { ReplyPart } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { startWaveTerminal, waitForTurnEnd, wordsNotShownOnce } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

const WORDS = 40;
const PARAGRAPHS = 6;
const CHUNK = 7;

/** Numbered words; the first paragraph a quote. */
function paragraph(index: number): string {
  const words = Array.from({ length: WORDS }, (_, i) => `w${index * WORDS + i + 1}`);
  return `${index === 0 ? '> ' : ''}${words.join(' ')}\n\n`;
}

const hasWord = (n: number) => (all: string) => new RegExp(`\\bw${n}\\b`).test(all);

describe('a resize while a finished paragraph is in the live area', () => {
  it('lays that paragraph out again at the new width; every word once', async () => {
    const reply: ReplyPart[] = [
      { type: 'text', text: Array.from({ length: PARAGRAPHS }, (_, p) => paragraph(p)).join('') },
    ];
    // Held once the first paragraph and a few words of the second have come: the first is
    // finished (a paragraph follows it) and, this short, still in the live area.
    const heldAfter = 1 + Math.ceil((paragraph(0).length + 12) / CHUNK);
    fx.mock = await startMock({
      name: 'resize with a kept paragraph',
      chunkSize: CHUNK,
      delayMs: 2,
      turns: [{ faults: [{ kind: 'hold', afterChunks: heldAfter }], reply }],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 120,
      rows: 40,
    });
    fx.terminal = wave;
    await wave.submit('paragraphs, then hold');
    await wave.waitFor(hasWord(WORDS + 2), 15_000, `w${WORDS + 2} (the second paragraph begun)`);
    await wave.resize(60);
    await wave.waitFor(
      (all) => all.split('\n').includes('─'.repeat(60)),
      10_000,
      'the redraw at 60',
    );
    fx.mock.release();
    const last = WORDS * PARAGRAPHS;
    const all = await waitForTurnEnd(wave, hasWord(last));
    expect(wordsNotShownOnce(all, 1, last)).toEqual([]);
    // The quote's lines, as Wave wrote them: each under the bar, none wider than the terminal.
    const quote = all.split('\n').filter((line) => /\bw([1-9]|[1-3]\d|40)\b/.test(line));
    expect(quote.length).toBeGreaterThan(1);
    expect(quote.filter((line) => !line.startsWith('│ ') || line.length > 60)).toEqual([]);
  });
});
