// The App under the frame clock, as the CLI mounts it: every event is applied when it arrives,
// but React draws at most once a frame, and the frame that ends a burst shows all of it, each
// word once. (The frame harness writes one frame per React commit.)
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App.js';
import { assistantAdded, textDelta, userMessage } from '../../test-support/agent-events.js';
import {
  countWord,
  reconstructTerminal,
  renderFrames,
  settle,
} from '../../test-support/ink-frames.js';
import type { FrameRecorder } from '../../test-support/ink-frames.js';
import { sessionOn } from '../../test-support/mount-app.js';
import { ScriptedServer } from '../../test-support/scripted-server.js';
import { FrameInterval } from './frame-clock.js';

let terminal: FrameRecorder | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  terminal?.unmount();
  vi.useRealTimers();
});

async function streamedWords(frameMs: number, words: number) {
  const server = new ScriptedServer();
  const session = await sessionOn(server);
  terminal = renderFrames(
    createElement(FrameInterval.Provider, { value: frameMs }, createElement(App, { session })),
  );
  await settle();
  server.emit(userMessage('u1', 'stream'), assistantAdded('a1'));
  await settle();
  vi.advanceTimersByTime(1000);
  await settle();
  const before = terminal.frames.length;
  // Each delta in a tick of its own, as the agent emits them, all within one frame.
  for (let i = 0; i < words; i++) {
    server.emit(textDelta('a1', `w${i} `));
    await settle();
  }
  // Every delta is in the state the moment it arrives, drawn or not.
  expect(session.getSnapshot().conversation.messages.at(-1)?.blocks[0]).toMatchObject({
    content: expect.stringContaining(`w${words - 1} `),
  });
  const during = terminal.frames.length - before;
  vi.advanceTimersByTime(frameMs);
  await settle();
  return { during, output: reconstructTerminal(terminal.frames) };
}

describe('useSessionView under the frame clock', () => {
  it('draws a burst of deltas in at most two frames, the last one showing every word once', async () => {
    const { during, output } = await streamedWords(34, 60);
    expect(during).toBeLessThanOrEqual(2);
    for (let i = 0; i < 60; i++) expect(countWord(output, `w${i}`)).toBe(1);
  });

  it('without it (interval 0), draws every delta', async () => {
    const { during, output } = await streamedWords(0, 60);
    expect(during).toBeGreaterThanOrEqual(60);
    for (let i = 0; i < 60; i++) expect(countWord(output, `w${i}`)).toBe(1);
  });
});
