// A full replace (messagesReplaced with the current state — a pull, /clear's refresh) in the
// middle of a stream, then more deltas: nothing doubles and nothing goes missing, in any frame.

import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@wave-agent/shared-protocol';
import {
  assistantAdded,
  finished,
  replaced,
  textDelta,
  textEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import {
  countOccurrences,
  countWord,
  reconstructTerminal,
  screens,
} from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const WORDS = Array.from({ length: 12 }, (_, index) => `word${index + 1}`);

/** A deep copy, as a pull across a process boundary would deliver it (new identities). */
function pulled(messages: readonly Message[]): readonly Message[] {
  return JSON.parse(JSON.stringify(messages)) as Message[];
}

function expectNoWordTwiceAndNoneLost(
  frameScreens: readonly string[],
  sentSoFar: readonly number[],
): void {
  frameScreens.forEach((screen, frame) => {
    for (const word of WORDS) {
      expect(countWord(screen, word), `frame ${frame}: ${word}\n${screen}`).toBeLessThanOrEqual(1);
    }
    const expected = sentSoFar[frame] ?? 0;
    for (const word of WORDS.slice(0, expected))
      expect(screen, `frame ${frame} lost ${word}`).toContain(word);
  });
}

describe('a full replace in the middle of a stream', () => {
  for (const kind of ['the same objects', 'a pulled copy'] as const) {
    it(`neither duplicates nor loses text (${kind})`, async () => {
      app = await mountApp({ columns: 120 });
      const sent: number[] = [];
      const track = (count: number): void => {
        while (sent.length < app!.terminal.frames.length) sent.push(count);
      };
      await app.emit(userMessage('u1', 'go'), assistantAdded('a1'));
      track(0);
      for (const [index, word] of WORDS.slice(0, 6).entries()) {
        await app.emit(textDelta('a1', `${word} `));
        track(index + 1);
      }
      const current = app.server.state.conversation.messages;
      await app.emit(replaced(kind === 'the same objects' ? current : pulled(current)));
      track(6);
      for (const [index, word] of WORDS.slice(6).entries()) {
        await app.emit(textDelta('a1', `${word} `));
        track(index + 7);
      }
      await app.emit(textEnd('a1'), finished('a1'));
      track(12);
      expectNoWordTwiceAndNoneLost(screens(app.terminal.frames), sent);
      const output = reconstructTerminal(app.terminal.frames);
      expect(countOccurrences(output, WORDS.join(' '))).toBe(1);
    });
  }

  it('after a replace that keeps a half-written block, writes only the rest', async () => {
    app = await mountApp({ columns: 120 });
    await app.emit(userMessage('u1', 'go'), assistantAdded('a1'), textDelta('a1', 'first part'));
    await app.emit(textEnd('a1'));
    // The block ended (written to the history), then reopens after the pull.
    await app.emit(replaced(pulled(app.server.state.conversation.messages)));
    await app.emit(textDelta('a1', ' and the rest'));
    await app.emit(textEnd('a1'), finished('a1'));
    const output = reconstructTerminal(app.terminal.frames);
    expect(countOccurrences(output, 'first part')).toBe(1);
    expect(countOccurrences(output, 'and the rest')).toBe(1);
  });
});
