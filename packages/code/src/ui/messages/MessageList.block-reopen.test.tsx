// CLI 静态块 reopen 不重复渲染冻结前缀 (spec, 2026-08-18): a text or reasoning block written to
// the history reopens (end → streaming) when the model interleaves T→R→T or R→T→R. The live
// area must show only what was not written yet, in every frame, over several reopen rounds.

import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import {
  assistantAdded,
  finished,
  reasoningDelta,
  reasoningEnd,
  textDelta,
  textEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import {
  countWord,
  expectNoWordTwiceInAnyFrame,
  reconstructTerminal,
  stripAnsi,
} from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const T = (chunk: string): AgentEvent => textDelta('a1', chunk);
const R = (chunk: string): AgentEvent => reasoningDelta('a1', chunk, 1_000);

/** Each step is one tick; the live area after each step is checked for what it must show. */
type Step = { readonly events: readonly AgentEvent[]; readonly liveShows?: string };

async function play(steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    await app!.emit(...step.events);
    if (step.liveShows) expect(stripAnsi(app!.terminal.lastFrame().live)).toContain(step.liveShows);
  }
}

function expectEachTokenOnceAtTheEnd(tokens: readonly string[]): void {
  const output = reconstructTerminal(app!.terminal.frames);
  for (const token of tokens) expect(countWord(output, token), `${token} in\n${output}`).toBe(1);
  // In order within each block: the pieces join up to the full content.
  const positions = tokens.map((token) => output.search(new RegExp(`\\b${token}\\b`)));
  const byBlock = (prefix: string): number[] =>
    positions.filter((_, index) => tokens[index]!.startsWith(prefix));
  for (const prefix of ['alpha', 'beta']) {
    const blockPositions = byBlock(prefix);
    expect(blockPositions).toEqual([...blockPositions].sort((a, b) => a - b));
  }
}

const TOKEN = /\b(?:alpha|beta)\d+\b/g;

describe('a block written to the history that reopens', () => {
  it('T→R→T over several rounds: every frame shows each word at most once', async () => {
    app = await mountApp({ columns: 100, rows: 30 });
    await app.emit(userMessage('u1', 'question'), assistantAdded('a1'));
    await play([
      { events: [T('alpha1 alpha2')], liveShows: 'alpha2' },
      { events: [textEnd('a1')] },
      { events: [R('beta1 beta2')], liveShows: 'beta2' },
      { events: [reasoningEnd('a1', 2_000)] },
      // Round 1: the text block (index 0) reopens.
      { events: [T(' alpha3')], liveShows: 'alpha3' },
      { events: [T(' alpha4')], liveShows: 'alpha4' },
      { events: [textEnd('a1')] },
      // Round 2: the reasoning block reopens.
      { events: [R(' beta3')], liveShows: 'beta3' },
      { events: [reasoningEnd('a1', 3_000)] },
      // Round 3: the text block again.
      { events: [T(' alpha5')], liveShows: 'alpha5' },
      { events: [textEnd('a1'), finished('a1')] },
    ]);
    expectNoWordTwiceInAnyFrame(app.terminal.frames, TOKEN);
    expectEachTokenOnceAtTheEnd([
      'alpha1',
      'alpha2',
      'alpha3',
      'alpha4',
      'alpha5',
      'beta1',
      'beta2',
      'beta3',
    ]);
  });

  it('R→T→R over several rounds: every frame shows each word at most once', async () => {
    app = await mountApp({ columns: 100, rows: 30 });
    await app.emit(userMessage('u1', 'question'), assistantAdded('a1'));
    await play([
      { events: [R('beta1')], liveShows: 'beta1' },
      { events: [R(' beta2')] },
      { events: [reasoningEnd('a1', 2_000)] },
      { events: [T('alpha1 alpha2')], liveShows: 'alpha2' },
      { events: [textEnd('a1')] },
      { events: [R(' beta3')], liveShows: 'beta3' },
      { events: [reasoningEnd('a1', 2_500)] },
      { events: [T(' alpha3')], liveShows: 'alpha3' },
      { events: [textEnd('a1')] },
      { events: [R(' beta4')], liveShows: 'beta4' },
      { events: [R(' beta5')], liveShows: 'beta5' },
      { events: [reasoningEnd('a1', 4_000), finished('a1')] },
    ]);
    expectNoWordTwiceInAnyFrame(app.terminal.frames, TOKEN);
    expectEachTokenOnceAtTheEnd([
      'alpha1',
      'alpha2',
      'alpha3',
      'beta1',
      'beta2',
      'beta3',
      'beta4',
      'beta5',
    ]);
  });

  it('the user symptom: "The answer is 42" is never shown as "The answer The answer"', async () => {
    app = await mountApp({ columns: 100, rows: 30 });
    await app.emit(userMessage('u1', 'what is it?'), assistantAdded('a1'));
    await play([
      { events: [T('The answer')] },
      { events: [textEnd('a1')] },
      { events: [R('checking')] },
      { events: [reasoningEnd('a1', 2_000)] },
      { events: [T(' is 42')], liveShows: 'is 42' },
      { events: [textEnd('a1'), finished('a1')] },
    ]);
    for (const [index, frame] of app.terminal.frames.entries()) {
      const screen = stripAnsi(frame.screen);
      expect(
        screen.split('The answer').length - 1,
        `frame ${index}:\n${screen}`,
      ).toBeLessThanOrEqual(1);
    }
    expect(reconstructTerminal(app.terminal.frames)).toMatch(/The answer[\s\S]*is 42/);
  });

  it('a reopened block that ends again is not written again in full', async () => {
    app = await mountApp({ columns: 100, rows: 30 });
    await app.emit(userMessage('u1', 'go'), assistantAdded('a1'));
    await play([
      { events: [T('alpha1')] },
      { events: [textEnd('a1')] },
      { events: [R('beta1')] },
      { events: [reasoningEnd('a1', 2_000)] },
      { events: [T(' alpha2')] },
      { events: [textEnd('a1')] },
      { events: [finished('a1')] },
    ]);
    const history = stripAnsi(app.terminal.lastFrame().history);
    expect(countWord(history, 'alpha1')).toBe(1);
    expect(countWord(history, 'alpha2')).toBe(1);
  });
});
