// The interactive UI in a real pseudo-fx.terminal, read back through a headless xterm: a long
// streamed reply shows every word exactly once in scrollback + screen, with reasoning between
// its parts, across resizes, and after an abort.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { PROVIDERS, providerEnv, startMock } from './mock-model.js';
import type { MockProvider } from './mock-model.js';
import { thoughtLabel } from '../../src/ui/render/thinking-labels.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import {
  TURN_RUNNING,
  startWaveTerminal,
  waitForTurnEnd,
  wordOrder,
  wordsNotShownOnce,
} from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

async function waveWith(
  scenario: Scenario,
  options: { cols?: number; provider?: MockProvider } = {},
): Promise<PtyTerminal> {
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv(options.provider ?? 'anthropic', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    ...(options.cols ? { cols: options.cols } : {}),
  });
  return fx.terminal;
}

/** The token count the status line shows ("812 tokens", "2.7k tokens"). */
function statusTokens(screen: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)(k?) tokens/.exec(screen);
  if (!match) return undefined;
  return Number(match[1]) * (match[2] === 'k' ? 1000 : 1);
}

const hasWord = (n: number) => (all: string) => new RegExp(`\\bw${n}\\b`).test(all);

describe('a long streamed reply in the terminal', () => {
  it('shows each of w1 … w2000 exactly once', async () => {
    const wave = await waveWith({
      name: 'long',
      chunkSize: 7,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 2000 } }] }],
    });
    await wave.submit('count to 2000');
    const all = await waitForTurnEnd(wave, hasWord(2000));
    expect(wordsNotShownOnce(all, 1, 2000)).toEqual([]);
    // No full-screen clear ever happened: the live area stayed shorter than the fx.terminal.
    expect(wave.output).not.toContain('\u001b[2J');
  });

  it('shows each word exactly once when the fx.terminal is resized mid-stream (100 → 60 → 120 columns)', async () => {
    const wave = await waveWith({
      name: 'resize',
      chunkSize: 7,
      delayMs: 2,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 2000 } }] }],
    });
    await wave.submit('count while I resize');
    await wave.waitFor(hasWord(400), 15_000, 'w400');
    await wave.resize(60);
    await wave.waitFor(hasWord(1000), 15_000, 'w1000');
    await wave.resize(120);
    const all = await waitForTurnEnd(wave, hasWord(2000));
    expect(wordsNotShownOnce(all, 1, 2000)).toEqual([]);
  });

  it('keeps every word shown before Esc exactly once, and takes the next message', async () => {
    const wave = await waveWith({
      name: 'abort',
      chunkSize: 7,
      delayMs: 3,
      turns: [
        { reply: [{ type: 'text', numberedWords: { count: 2000 } }] },
        { reply: [{ type: 'text', text: 'the second answer' }] },
      ],
    });
    await wave.submit('count until I stop you');
    await wave.waitFor(hasWord(300), 15_000, 'w300');
    wave.write(KEYS.escape);
    const stopped = await wave.waitFor(
      () => !wave.screen().includes(TURN_RUNNING),
      10_000,
      'the turn stopping',
    );
    // In order and once each: w1 … wN, then perhaps the start of w(N+1), cut off by the abort.
    const order = wordOrder(stopped);
    const complete = order.at(-1) === order.length ? order.length : order.length - 1;
    expect(order.slice(0, complete)).toEqual(Array.from({ length: complete }, (_, i) => i + 1));
    if (complete < order.length)
      expect(String(complete + 1).startsWith(String(order.at(-1)))).toBe(true);
    expect(complete).toBeGreaterThanOrEqual(300);
    expect(complete).toBeLessThan(2000);

    await wave.submit('go on');
    const after = await waitForTurnEnd(wave, (all) => all.includes('the second answer'));
    expect(wordOrder(after)).toEqual(order);
  });

  it('counts tokens in the status line while the reply streams, before the provider says how many', async () => {
    const wave = await waveWith({
      name: 'long and slow',
      chunkSize: 7,
      delayMs: 3,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 2000 } }] }],
    });
    await wave.submit('count slowly');
    const tokensWhileRunning = async (word: number): Promise<number> => {
      const screen = await wave.waitFor(
        (all) => hasWord(word)(all) && wave.screen().includes(TURN_RUNNING),
        15_000,
        `w${word} while the turn runs`,
      );
      const shown = statusTokens(wave.screen());
      expect(shown, `the status line at w${word}:\n${screen.slice(-400)}`).toBeDefined();
      return shown!;
    };
    const early = await tokensWhileRunning(200);
    const later = await tokensWhileRunning(1200);
    expect(early).toBeGreaterThan(0);
    expect(later).toBeGreaterThan(early);
    await waitForTurnEnd(wave, hasWord(2000), 30_000);
  });

  it('says under the reply when the model cut it off at its output limit, or refused', async () => {
    const wave = await waveWith({
      name: 'stops early',
      turns: [
        {
          match: { lastUserContains: 'long' },
          reply: [{ type: 'text', text: 'The first half of a long answer' }],
          stopReason: 'max_tokens',
        },
        {
          match: { lastUserContains: 'forbidden' },
          reply: [{ type: 'text', text: 'I cannot help with that.' }],
          stopReason: 'refusal',
        },
      ],
    });
    await wave.submit('a long answer please');
    const cut = await waitForTurnEnd(wave, (all) => all.includes('(max_tokens)'));
    expect(cut.indexOf('The first half of a long answer')).toBeLessThan(
      cut.indexOf('The reply was cut off: the model reached its output limit (max_tokens)'),
    );
    await wave.submit('something forbidden');
    const refused = await waitForTurnEnd(wave, (all) => all.includes('(refusal)'));
    expect(refused.indexOf('I cannot help with that.')).toBeLessThan(
      refused.indexOf('The model declined to answer this request (refusal)'),
    );
  });
});

/** Each stretch of thinking as the SDK timed it (its events in the session file), in order. */
function reasoningClocks(waveHome: string): { startedAt?: number; endedAt?: number }[] {
  const sessions = join(waveHome, 'sessions');
  const files = readdirSync(sessions, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.jsonl'),
  );
  expect(files).toHaveLength(1);
  const clocks: { startedAt?: number; endedAt?: number }[] = [];
  for (const line of readFileSync(join(sessions, files[0]!), 'utf8').split('\n')) {
    if (!line.includes('assistantReasoningUpdated')) continue;
    const event = JSON.parse(line) as { startedAt?: number; endedAt?: number; stage: string };
    if (event.startedAt !== undefined) clocks.push({ startedAt: event.startedAt });
    if (event.stage === 'end' && clocks.length > 0) clocks.at(-1)!.endedAt = event.endedAt;
  }
  return clocks;
}

describe.each(PROVIDERS)('thinking and text alternating in one %s reply', (provider) => {
  it('shows R1, T1, R2, T2, R3, T3 in that order, each thinking under its own header with its own duration, each word once', async () => {
    const thought = (n: number, filler: number) => ({
      type: 'reasoning' as const,
      text: `R${n}-start ${'pondering '.repeat(filler)}R${n}-end`,
      signature: 'c2ln',
    });
    const wave = await waveWith(
      {
        name: 'interleaved',
        chunkSize: 7,
        delayMs: 8,
        turns: [
          {
            reply: [
              // The first stretch thinks longest: a duration counted from the first start
              // would show the later ones as long as it, or longer.
              thought(1, 120),
              { type: 'text', numberedWords: { count: 300 } },
              thought(2, 2),
              { type: 'text', text: ' ' },
              { type: 'text', numberedWords: { count: 300, start: 301 } },
              thought(3, 2),
              { type: 'text', text: ' ' },
              { type: 'text', numberedWords: { count: 300, start: 601 } },
            ],
          },
        ],
      },
      { provider },
    );
    await wave.submit('count with pauses');
    const all = await waitForTurnEnd(wave, hasWord(900), 60_000);
    expect(wordsNotShownOnce(all, 1, 900)).toEqual([]);
    const at = (pattern: RegExp) => all.search(pattern);
    const order = [
      /R1-start/,
      /R1-end/,
      /\bw1\b/,
      /\bw300\b/,
      /R2-start/,
      /\bw301\b/,
      /\bw600\b/,
      /R3-start/,
      /\bw601\b/,
      /\bw900\b/,
    ].map(at);
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // Each stretch: its header right above its body, with that stretch's own duration.
    const lines = all.split('\n');
    const headers = lines.filter((line) => line.startsWith('✻ '));
    expect(headers).toHaveLength(3);
    const clocks = reasoningClocks(fx.home.path);
    expect(clocks).toHaveLength(3);
    for (const [index, clock] of clocks.entries()) {
      const body = lines.findIndex((line) => line.includes(`R${index + 1}-start`));
      expect(lines[body - 1]).toBe(`✻ ${thoughtLabel(clock.startedAt, clock.endedAt)}`);
    }
    expect(headers).toEqual(
      clocks.map((clock) => `✻ ${thoughtLabel(clock.startedAt, clock.endedAt)}`),
    );
  }, 90_000);
});
