// Resizing the terminal never shows a word twice or loses one, in the whole scrollback: the real
// wave in a pseudo-terminal read back through a headless xterm (which reflows on resize as tmux,
// iTerm2 and the rest do), against mock-llm in both wire formats. Widths from 40 to 200 while a
// long markdown reply streams, while idle, and with a picker open.
import type { ReplyPart, Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { PROVIDERS, providerEnv, startMock } from './mock-model.js';
import type { MockProvider } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import {
  PROMPT_READY,
  startWaveTerminal,
  waitForTurnEnd,
  wordsNotShownOnce,
} from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

/** Paragraphs of numbered words (w1 …), every tenth a blockquote, as a long markdown reply. */
function paragraphs(count: number, size: number): ReplyPart[] {
  return Array.from({ length: count }, (_, p) => {
    const words = Array.from({ length: size }, (_, i) => `w${p * size + i + 1}`).join(' ');
    return { type: 'text' as const, text: `${p % 10 === 5 ? '> ' : ''}${words}\n\n` };
  });
}

async function waveWith(provider: MockProvider, scenario: Scenario): Promise<PtyTerminal> {
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv(provider, fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    cols: 120,
    rows: 40,
  });
  return fx.terminal;
}

const hasWord = (n: number) => (all: string) => new RegExp(`\\bw${n}\\b`).test(all);
/** Rows that are only a rule (the prompt's border): one, whatever the resizes did. */
const rules = (all: string): number =>
  all.split('\n').filter((line) => /^─{10,}$/.test(line)).length;
const prompts = (all: string): number =>
  all.split('\n').filter((line) => line.includes(PROMPT_READY)).length;
/**
 * Redrawn at `width` with nothing left over: the prompt's rule is as wide as the terminal, and
 * the whole buffer has one rule and one prompt (a leftover never goes away, so waiting for this
 * fails when one stays behind).
 */
const settledAt = (width: number) => (all: string) =>
  all.split('\n').includes('─'.repeat(width)) && rules(all) === 1 && prompts(all) === 1;

describe.each(PROVIDERS)('resizing with the %s wire format', (provider) => {
  it('during a long streamed reply: every word once in the whole scrollback (120 → 90 → 60 → 40 → 200 → 120)', async () => {
    const wave = await waveWith(provider, {
      name: 'long markdown',
      chunkSize: 7,
      delayMs: 2,
      turns: [{ reply: paragraphs(25, 80) }],
    });
    await wave.submit('count in paragraphs');
    let word = 300;
    for (const width of [90, 60, 40, 200, 120]) {
      await wave.waitFor(hasWord(word), 30_000, `w${word}`);
      await wave.resize(width);
      word += 350;
    }
    const all = await waitForTurnEnd(wave, hasWord(2000), 60_000);
    expect(wordsNotShownOnce(all, 1, 2000)).toEqual([]);
    expect(rules(all)).toBe(1);
    expect(prompts(all)).toBe(1);
  }, 120_000);
});

describe('resizing while nothing streams', () => {
  it('idle, after a reply: the reply once, one prompt and one rule, at every width', async () => {
    const wave = await waveWith('openai', {
      name: 'short',
      turns: [{ reply: paragraphs(3, 60) }],
    });
    await wave.submit('a short answer');
    await waitForTurnEnd(wave, hasWord(180));
    for (const width of [90, 60, 40, 200, 120, 50, 120]) {
      await wave.resize(width);
      const all = await wave.waitFor(settledAt(width), 10_000, `one prompt, at ${width} columns`);
      expect(wordsNotShownOnce(all, 1, 180), `at ${width} columns`).toEqual([]);
    }
  });

  it('idle in a new session: one prompt and one rule at every width', async () => {
    const wave = await waveWith('openai', {
      name: 'none',
      turns: [{ reply: [{ type: 'text', text: 'never asked' }] }],
    });
    for (const width of [90, 60, 40, 200, 120]) {
      await wave.resize(width);
      await wave.waitFor(settledAt(width), 10_000, `one prompt, at ${width} columns`);
    }
  });

  it('with a picker open: the picker is redrawn at each width and nothing of it stays behind', async () => {
    const wave = await waveWith('anthropic', {
      name: 'two answers',
      turns: [
        { reply: paragraphs(2, 60) },
        { reply: [{ type: 'text', text: 'the second answer' }] },
      ],
    });
    // A long question: the picker shows it on one line as wide as the terminal.
    const question = `explain ${Array.from({ length: 40 }, (_, i) => `q${i + 1}`).join(' ')}`;
    await wave.submit(question);
    await waitForTurnEnd(wave, hasWord(120));
    await wave.submit('second question');
    await waitForTurnEnd(wave, (text) => text.includes('the second answer'));
    await wave.submit('/rewind');
    const title = 'Rewind to before which of your messages?';
    const pickerAt = (width: number) => (all: string) => {
      const lines = all.split('\n');
      const choice = lines.find((line) => line.includes('2. explain q1 q2'));
      return (
        lines.filter((line) => line.includes(title)).length === 1 &&
        choice !== undefined &&
        choice.length <= width &&
        // The question once in the history, once in the picker; no copy of the picker left over.
        lines.filter((line) => line.includes('explain q1 q2')).length === 2
      );
    };
    await wave.waitFor(pickerAt(120), 10_000, 'the rewind picker');
    for (const width of [200, 60, 40, 160, 100]) {
      await wave.resize(width);
      await wave.waitFor(pickerAt(width), 10_000, `the picker alone, at ${width} columns`);
    }
    wave.write(KEYS.escape);
    const all = await wave.waitFor(settledAt(100), 10_000, 'the prompt back, alone');
    expect(all).not.toContain(title);
    expect(wordsNotShownOnce(all, 1, 120)).toEqual([]);
  });
});
