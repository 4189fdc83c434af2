// No data-layer throttle (spec, final decision 2026-10-15): at 30 ms per chunk, every delta is
// rendered on its own — each chunk shows up in a frame before the next one arrives.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assistantAdded,
  finished,
  textDelta,
  textEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import {
  countWord,
  expectNoWordTwiceInAnyFrame,
  reconstructTerminal,
  screens,
  settle,
} from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => {
  app?.terminal.unmount();
  vi.useRealTimers();
});

const CHUNK_INTERVAL_MS = 30;

describe('streaming at 30 ms per chunk', () => {
  it('renders every delta, each before the next arrives', async () => {
    app = await mountApp({ columns: 120, rows: 30 });
    const tokens = Array.from({ length: 40 }, (_, index) => `tok${String(index).padStart(2, '0')}`);
    await app.emit(userMessage('u1', 'stream please'), assistantAdded('a1'));
    // The model: one chunk every 30 ms, emitted from a timer like the SDK's stream reader.
    const agent = app.server;
    tokens.forEach((token, index) => {
      setTimeout(() => agent.emit(textDelta('a1', `${token} `)), CHUNK_INTERVAL_MS * (index + 1));
    });
    for (let step = 0; step < tokens.length; step += 1) {
      await vi.advanceTimersByTimeAsync(CHUNK_INTERVAL_MS);
      await settle();
    }
    await app.emit(textEnd('a1'), finished('a1'));

    const shown = screens(app.terminal.frames);
    tokens.forEach((token, index) => {
      const next = tokens[index + 1];
      const visibleAlone = shown.some(
        (screen) =>
          countWord(screen, token) === 1 && (next === undefined || countWord(screen, next) === 0),
      );
      expect(visibleAlone, `${token} was never on screen before ${next ?? 'the end'}`).toBe(true);
    });
    expectNoWordTwiceInAnyFrame(app.terminal.frames, /\btok\d{2}\b/g);
    const output = reconstructTerminal(app.terminal.frames);
    for (const token of tokens) expect(countWord(output, token)).toBe(1);
  });
});
