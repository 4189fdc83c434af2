// Regression for the spec's first-word duplication (2026-08-12/17): the message is added and
// its first delta arrives in the same synchronous tick, so React renders them in one batch.
// Every frame must show the word once: `Hello`, never `HelloHello`; `Let`, never `LetLet`.

import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  finished,
  reasoningDelta,
  reasoningEnd,
  textDelta,
  userMessage,
} from '../../test-support/agent-events.js';
import {
  countOccurrences,
  expectEachFrameContainsAtMostOnce,
  reconstructTerminal,
  screens,
} from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

describe('a message added and its first delta in the same tick', () => {
  it('shows the first content word once in every frame', async () => {
    app = await mountApp();
    await app.emit(userMessage('u1', 'greet me'));
    // One tick: message added + first chunk, exactly as the SDK emits them.
    await app.emit(assistantAdded('a1'), textDelta('a1', 'Hello'));
    await app.emit(textDelta('a1', ' there'));
    await app.emit(finished('a1'));
    expectEachFrameContainsAtMostOnce(app.terminal.frames, 'Hello');
    expect(screens(app.terminal.frames).some((screen) => screen.includes('Hello there'))).toBe(
      true,
    );
    expect(countOccurrences(reconstructTerminal(app.terminal.frames), 'Hello there')).toBe(1);
  });

  it('shows the first reasoning word once in every frame', async () => {
    app = await mountApp();
    await app.emit(
      userMessage('u1', 'think'),
      assistantAdded('a1'),
      reasoningDelta('a1', 'Let', 1_000),
    );
    await app.emit(reasoningDelta('a1', ' me think about this.'));
    await app.emit(reasoningEnd('a1', 2_000), finished('a1'));
    expectEachFrameContainsAtMostOnce(app.terminal.frames, 'Let');
    expect(
      countOccurrences(reconstructTerminal(app.terminal.frames), 'Let me think about this.'),
    ).toBe(1);
  });

  it('keeps both channels single when reasoning ends and content starts in one batch', async () => {
    app = await mountApp();
    await app.emit(
      userMessage('u1', 'think, then answer'),
      assistantAdded('a1'),
      reasoningDelta('a1', 'Let', 1_000),
      reasoningDelta('a1', ' me see'),
      reasoningEnd('a1', 3_000),
      textDelta('a1', 'Hello'),
    );
    await app.emit(textDelta('a1', ' world'), finished('a1'));
    expectEachFrameContainsAtMostOnce(app.terminal.frames, 'Let');
    expectEachFrameContainsAtMostOnce(app.terminal.frames, 'Hello');
    const output = reconstructTerminal(app.terminal.frames);
    expect(countOccurrences(output, 'Let me see')).toBe(1);
    expect(countOccurrences(output, 'Hello world')).toBe(1);
  });
});
