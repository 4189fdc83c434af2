import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalescer.js';
import type { AgentEvent } from './events.js';
import { assistantAdded, bang, reasoning, text, tool } from './test-support/event-builders.js';
import { FakeClock } from './test-support/fake-clock.js';

function setup(windowMs = 16) {
  const clock = new FakeClock();
  const sent: AgentEvent[] = [];
  const coalescer = createCoalescer({
    windowMs,
    send: (event) => sent.push(event),
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  return { clock, sent, coalescer };
}

describe('createCoalescer', () => {
  it('sends the first event at once and opens a window', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(text('a', 'H'));
    expect(sent).toStrictEqual([text('a', 'H')]);
    expect(clock.pendingTimers).toBe(1);
  });

  it('concatenates chunks inside the window and sends them when it closes', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(text('a', 'H'));
    coalescer.push(text('a', 'el'));
    coalescer.push(text('a', 'lo'));
    expect(sent).toHaveLength(1);
    clock.advance(16);
    expect(sent).toStrictEqual([text('a', 'H'), text('a', 'ello')]);
  });

  it('sends the next event at once after the window closed', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(text('a', '1'));
    clock.advance(16);
    coalescer.push(text('a', '2'));
    expect(sent).toStrictEqual([text('a', '1'), text('a', '2')]);
  });

  it('in a steady stream, opens the next window at once: one send per window, at its end', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(text('a', '1'));
    coalescer.push(text('a', '2'));
    clock.advance(16);
    expect(sent).toStrictEqual([text('a', '1'), text('a', '2')]);
    // Right after a window that carried something, the next chunk waits for its window's end.
    clock.advance(1);
    coalescer.push(text('a', '3'));
    coalescer.push(text('a', '4'));
    expect(sent).toHaveLength(2);
    clock.advance(15);
    expect(sent).toStrictEqual([text('a', '1'), text('a', '2'), text('a', '34')]);
    // A whole window without an event is a quiet spell: the next event goes out at once.
    clock.advance(16);
    coalescer.push(text('a', '5'));
    expect(sent.at(-1)).toStrictEqual(text('a', '5'));
    expect(clock.pendingTimers).toBe(1);
  });

  it('sends an empty chunk in order when nothing of its block is buffered (it holds no place)', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(assistantAdded('a'));
    coalescer.push(text('a', ''));
    coalescer.push(reasoning('a', 'think'));
    coalescer.push(text('a', 'say'));
    clock.advance(16);
    // The text block comes after the reasoning, as the raw events make it.
    expect(sent).toStrictEqual([
      assistantAdded('a'),
      text('a', ''),
      reasoning('a', 'think'),
      text('a', 'say'),
    ]);
  });

  it('flushes buffered chunks before an end, then sends the end at once', () => {
    const { sent, coalescer } = setup();
    coalescer.push(assistantAdded('a'));
    coalescer.push(text('a', 'x'));
    coalescer.push(text('a', 'y'));
    coalescer.push(text('a', '', 'end'));
    expect(sent).toStrictEqual([assistantAdded('a'), text('a', 'xy'), text('a', '', 'end')]);
  });

  it('flushes before a structural event', () => {
    for (const structural of [
      assistantAdded('b'),
      { type: 'assistantMessageDiscarded', messageId: 'a' },
      { type: 'messagesReplaced', messages: [] },
      { type: 'messagesRewound', anchorMessageId: 'u' },
      tool('a', 't', 'start'),
    ] satisfies AgentEvent[]) {
      const { sent, coalescer } = setup();
      coalescer.push(assistantAdded('a'));
      coalescer.push(reasoning('a', 'r1'));
      coalescer.push(reasoning('a', 'r2'));
      coalescer.push(structural);
      expect(sent).toStrictEqual([assistantAdded('a'), reasoning('a', 'r1r2'), structural]);
    }
  });

  it('sends buffered keys in order of first arrival', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(assistantAdded('a'));
    coalescer.push(text('a', 't1'));
    coalescer.push(reasoning('a', 'r1'));
    coalescer.push(text('a', 't2'));
    coalescer.push(tool('a', 'x', 'streaming', { parametersChunk: '{' }));
    coalescer.push(reasoning('a', 'r2'));
    clock.advance(16);
    expect(sent).toStrictEqual([
      assistantAdded('a'),
      text('a', 't1t2'),
      reasoning('a', 'r1r2'),
      tool('a', 'x', 'streaming', { parametersChunk: '{' }),
    ]);
  });

  it('keeps the first startedAt and the latest provider data of reasoning', () => {
    const { sent, coalescer } = setup();
    coalescer.push(assistantAdded('a'));
    coalescer.push(
      reasoning('a', 'x', 'streaming', { startedAt: 5, providerMetadata: { p: { s: '1' } } }),
    );
    coalescer.push(
      reasoning('a', 'y', 'streaming', { startedAt: 9, providerMetadata: { p: { s: '2' } } }),
    );
    coalescer.flush();
    expect(sent[1]).toStrictEqual(
      reasoning('a', 'xy', 'streaming', { startedAt: 5, providerMetadata: { p: { s: '2' } } }),
    );
  });

  it('concatenates tool parameter and result chunks, keeping the latest other fields', () => {
    const { sent, coalescer } = setup();
    coalescer.push(assistantAdded('a'));
    coalescer.push(tool('a', 't', 'streaming', { parametersChunk: '{"a"', compactParams: 'one' }));
    coalescer.push(tool('a', 't', 'streaming', { parametersChunk: ':1}' }));
    coalescer.push(
      tool('a', 't', 'running', { parameters: '{"a":1}', resultChunk: 'l1\n', shortResult: 'l1' }),
    );
    coalescer.push(
      tool('a', 't', 'running', { parameters: '{"a":1}', resultChunk: 'l2\n', shortResult: 'l2' }),
    );
    coalescer.push(
      tool('a', 't', 'running', {
        name: 'bash',
        resultChunk: 'l3\n',
        shortResult: 'l3',
        compactParams: 'two',
      }),
    );
    coalescer.flush();
    expect(sent).toStrictEqual([
      assistantAdded('a'),
      tool('a', 't', 'streaming', { parametersChunk: '{"a":1}', compactParams: 'one' }),
      // The stage change went out at once, after what was buffered before it.
      tool('a', 't', 'running', { parameters: '{"a":1}', resultChunk: 'l1\n', shortResult: 'l1' }),
      tool('a', 't', 'running', {
        name: 'bash',
        parameters: '{"a":1}',
        compactParams: 'two',
        resultChunk: 'l2\nl3\n',
        shortResult: 'l3',
      }),
    ]);
  });

  it('concatenates bang output and keeps the command', () => {
    const { sent, coalescer } = setup();
    coalescer.push(assistantAdded('x'));
    coalescer.push(bang('u', 'running', { command: 'ls', outputChunk: 'a' }));
    coalescer.push(bang('u', 'running', { outputChunk: 'b' }));
    coalescer.push(bang('u', 'end', { exitCode: 0 }));
    expect(sent).toStrictEqual([
      assistantAdded('x'),
      bang('u', 'running', { command: 'ls', outputChunk: 'ab' }),
      bang('u', 'end', { exitCode: 0 }),
    ]);
  });

  it('never drops a chunk, even a long burst inside one window', () => {
    const { sent, coalescer, clock } = setup();
    const chunks = Array.from({ length: 500 }, (_, index) => `${index},`);
    for (const chunk of chunks) coalescer.push(text('a', chunk));
    clock.advance(16);
    expect(
      sent.map((event) => (event.type === 'assistantContentUpdated' ? event.chunk : '')).join(''),
    ).toBe(chunks.join(''));
    expect(sent).toHaveLength(2);
  });

  it('flush sends what is buffered now and keeps the window open', () => {
    const { sent, coalescer } = setup();
    coalescer.push(text('a', '1'));
    coalescer.push(text('a', '2'));
    coalescer.flush();
    expect(sent).toStrictEqual([text('a', '1'), text('a', '2')]);
    coalescer.push(text('a', '3'));
    expect(sent).toHaveLength(2);
  });

  it('dispose clears the timer; later pushes pass straight through, after anything buffered', () => {
    const { sent, coalescer, clock } = setup();
    coalescer.push(text('a', '1'));
    coalescer.push(text('a', '2'));
    coalescer.dispose();
    expect(clock.pendingTimers).toBe(0);
    coalescer.push(text('a', '3'));
    coalescer.push(text('a', '4'));
    expect(sent).toStrictEqual([text('a', '1'), text('a', '2'), text('a', '3'), text('a', '4')]);
  });

  describe('with the default timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('closes the window after windowMs', () => {
      const sent: AgentEvent[] = [];
      const coalescer = createCoalescer({ windowMs: 16, send: (event) => sent.push(event) });
      coalescer.push(text('a', '1'));
      coalescer.push(text('a', '2'));
      vi.advanceTimersByTime(15);
      expect(sent).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sent).toStrictEqual([text('a', '1'), text('a', '2')]);
      coalescer.dispose();
    });
  });
});
