// /clear (messagesReplaced []), /rewind (messagesRewound) and /compact (compactBlockAdded)
// arriving in the MIDDLE of a stream, then more deltas of a new message: in every frame no
// word is shown twice across history + live area, nothing of the new message is lost, and
// the records of removed blocks are dropped (a new block at the same index starts afresh).

import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '@wave-agent/shared-protocol';
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
  stripAnsi,
} from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

// A small terminal, so finished paragraphs of the old reply are written to the history while
// it streams: the reset then happens with part of the block frozen and part live.
const TERMINAL = { columns: 60, rows: 12 };

const words = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index + 1).padStart(2, '0')}`);
const OLD = words('old', 30);
const NEW = words('new', 30);

/** Word i of a reply: five words a paragraph, so paragraphs finish as it streams. */
const chunkFor = (list: readonly string[], index: number): string =>
  `${list[index]}${(index + 1) % 5 === 0 ? '\n\n' : ' '}`;

/** Streams `list[from, to)` into `messageId`, one render per word. */
async function stream(
  messageId: string,
  list: readonly string[],
  from: number,
  to: number,
): Promise<void> {
  for (let index = from; index < to; index += 1)
    await app!.emit(textDelta(messageId, chunkFor(list, index)));
}

function expectEveryWordAtMostOnceInEveryFrame(): void {
  screens(app!.terminal.frames).forEach((screen, frame) => {
    for (const word of [...OLD, ...NEW]) {
      const count = countWord(screen, word);
      if (count > 1) expect.fail(`frame ${frame} shows ${word} ${count} times:\n${screen}`);
    }
  });
}

/** From frame `from` on: the live area shows nothing of the removed reply. */
function expectRemovedReplyNotLiveFrom(from: number): void {
  app!.terminal.frames.slice(from).forEach((frame, offset) => {
    const live = stripAnsi(frame.live);
    for (const word of OLD)
      if (countWord(live, word) > 0)
        expect.fail(`frame ${from + offset} still shows ${word} live:\n${live}`);
  });
}

/** Streams the new reply word by word; after each word every word so far is on screen. */
async function streamNewReplyCheckingNothingLost(messageId: string): Promise<void> {
  for (let index = 0; index < NEW.length; index += 1) {
    await app!.emit(textDelta(messageId, chunkFor(NEW, index)));
    const screen = stripAnsi(app!.terminal.lastFrame().screen);
    for (const word of NEW.slice(0, index + 1))
      expect(countWord(screen, word), `${word} after ${NEW[index]}:\n${screen}`).toBe(1);
  }
  await app!.emit(textEnd(messageId), finished(messageId));
}

function writtenOldWords(): string[] {
  const history = stripAnsi(app!.terminal.lastFrame().history);
  return OLD.filter((word) => countWord(history, word) > 0);
}

describe('a reset in the middle of a stream', () => {
  it('/clear: the old reply stops where it was, the new one streams once', async () => {
    app = await mountApp(TERMINAL);
    await app.emit(userMessage('u1', 'first'), assistantAdded('a1'));
    await stream('a1', OLD, 0, 20);
    expect(writtenOldWords().length, 'part of the old reply was frozen').toBeGreaterThan(0);
    const resetAt = app.terminal.frames.length;
    await app.emit(replaced([]));
    expectRemovedReplyNotLiveFrom(resetAt);
    await app.emit(userMessage('u2', 'second'), assistantAdded('a2'));
    await streamNewReplyCheckingNothingLost('a2');
    expectEveryWordAtMostOnceInEveryFrame();
    expectRemovedReplyNotLiveFrom(resetAt);
    const output = reconstructTerminal(app.terminal.frames);
    for (const word of NEW) expect(countWord(output, word)).toBe(1);
  });

  it('/clear through the command: the session is cleared, the records follow', async () => {
    app = await mountApp(TERMINAL);
    await app.emit(userMessage('u1', 'first'), assistantAdded('a1'));
    await stream('a1', OLD, 0, 20);
    await app.send('/clear');
    // From the frame the clear is drawn in (the command's echo and note come with it).
    const resetAt = app.terminal.frames.length - 1;
    expect(stripAnsi(app.terminal.lastFrame().history)).toContain('── conversation cleared ──');
    await app.emit(userMessage('u2', 'second'), assistantAdded('a2'));
    await streamNewReplyCheckingNothingLost('a2');
    expectEveryWordAtMostOnceInEveryFrame();
    expectRemovedReplyNotLiveFrom(resetAt);
  });

  it('/rewind: the cut messages leave the live area, what came before stays once', async () => {
    app = await mountApp(TERMINAL);
    await app.emit(
      userMessage('u1', 'first question'),
      assistantAdded('a1'),
      textDelta('a1', 'first answer'),
      textEnd('a1'),
      finished('a1'),
      userMessage('u2', 'second question'),
      assistantAdded('a2'),
    );
    await stream('a2', OLD, 0, 20);
    const resetAt = app.terminal.frames.length;
    const rewound: AgentEvent = { type: 'messagesRewound', anchorMessageId: 'u2' };
    await app.emit(rewound);
    expect(app.server.state.conversation.messages.map((message) => message.id)).toEqual([
      'u1',
      'a1',
    ]);
    expectRemovedReplyNotLiveFrom(resetAt);
    await app.emit(userMessage('u3', 'another question'), assistantAdded('a3'));
    await streamNewReplyCheckingNothingLost('a3');
    expectEveryWordAtMostOnceInEveryFrame();
    expectRemovedReplyNotLiveFrom(resetAt);
    for (const screen of screens(app.terminal.frames))
      expect(countOccurrences(screen, 'first answer')).toBeLessThanOrEqual(1);
  });

  it('/compact: the summary is appended, the streaming reply goes on once', async () => {
    app = await mountApp(TERMINAL);
    await app.emit(userMessage('u1', 'first'), assistantAdded('a1'));
    await stream('a1', OLD, 0, 12);
    await app.emit({
      type: 'compactBlockAdded',
      message: {
        id: 'c1',
        role: 'system',
        createdAt: 0,
        blocks: [{ type: 'compact', summary: 'Summary of the earlier work' }],
      },
    });
    await stream('a1', OLD, 12, 30);
    await app.emit(textEnd('a1'), finished('a1'));
    await app.emit(assistantAdded('a2'));
    await streamNewReplyCheckingNothingLost('a2');
    expectEveryWordAtMostOnceInEveryFrame();
    for (const screen of screens(app.terminal.frames)) {
      expect(countOccurrences(screen, 'conversation compacted')).toBeLessThanOrEqual(1);
      expect(countOccurrences(screen, 'Summary of the earlier work')).toBeLessThanOrEqual(1);
    }
    // Compaction appends: the whole display history stays, each word once, the divider and its
    // summary once, between the earlier reply and the new one.
    const output = reconstructTerminal(app.terminal.frames);
    for (const word of [...OLD, ...NEW]) expect(countWord(output, word)).toBe(1);
    expect(countOccurrences(output, 'conversation compacted')).toBe(1);
    expect(countOccurrences(output, 'Summary of the earlier work')).toBe(1);
    expect(output.indexOf('conversation compacted')).toBeGreaterThan(output.indexOf('old01'));
    expect(output.indexOf('conversation compacted')).toBeLessThan(output.indexOf('new01'));
  });

  it('forgets a removed block even when a message with its id comes back in the same batch', async () => {
    app = await mountApp(TERMINAL);
    await app.emit(userMessage('u1', 'first'), assistantAdded('a1'));
    await stream('a1', OLD, 0, 20);
    expect(writtenOldWords().length).toBeGreaterThan(0);
    // One tick: the clear and a new message that happens to reuse the id (and block index 0).
    await app.emit(
      replaced([]),
      userMessage('u2', 'second'),
      assistantAdded('a1'),
      textDelta('a1', 'fresh start of a new reply'),
    );
    expect(stripAnsi(app.terminal.lastFrame().screen)).toContain('fresh start of a new reply');
    await app.emit(textEnd('a1'), finished('a1'));
    expect(
      countOccurrences(reconstructTerminal(app.terminal.frames), 'fresh start of a new reply'),
    ).toBe(1);
  });
});
