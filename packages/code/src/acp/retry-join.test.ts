import { describe, expect, it } from 'vitest';
import { RETRY_DIFFERED, RetryJoin } from './retry-join.js';
import type { ChannelTexts, Say } from './retry-join.js';

const said = (text: string, reasoning = ''): ChannelTexts => ({ text, reasoning });

/** What an editor shows per ACP message after these, text channel only. */
function screen(says: readonly Say[]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const say of says)
    if (say.kind === 'chunk' && say.channel === 'text')
      shown[say.messageId] = (shown[say.messageId] ?? '') + say.text;
  return shown;
}

/** Streams `reply` in chunks of `size` as message `id` and returns what is sent. */
function stream(join: RetryJoin, id: string, reply: string, size: number): Say[] {
  const says: Say[] = [];
  join.started(id);
  for (let at = 0; at < reply.length; at += size) {
    const chunk = reply.slice(at, at + size);
    says.push(...join.chunk(id, 'text', chunk, said(reply.slice(0, at + size))));
  }
  return says;
}

describe('RetryJoin: a retried reply continues the discarded one on screen', () => {
  it('sends an ordinary reply as it comes', () => {
    const join = new RetryJoin();
    expect(screen(stream(join, 'm1', 'hello world', 3))).toEqual({ m1: 'hello world' });
  });

  it('sends the retry only past what the discarded partial already showed: each word once', () => {
    const join = new RetryJoin();
    const reply = 'one two three four five six seven';
    const first = stream(join, 'm1', reply.slice(0, 13), 4); // broke off after 13 characters
    join.discarded('m1', said(reply.slice(0, 13)));
    const retry = stream(join, 'm2', reply, 5);
    // Into the same ACP message, so the editor holds exactly the reply.
    expect(screen([...first, ...retry])).toEqual({ m1: reply });
    expect(join.finished('m2', said(reply))).toEqual([]);
  });

  it('joins a retry of a retry to what the screen shows, not to what the last one repeated', () => {
    const join = new RetryJoin();
    const reply = 'alpha beta gamma delta';
    const first = stream(join, 'm1', reply.slice(0, 12), 4);
    join.discarded('m1', said(reply.slice(0, 12)));
    const second = stream(join, 'm2', reply.slice(0, 6), 3); // broke off again, earlier
    join.discarded('m2', said(reply.slice(0, 6)));
    const third = stream(join, 'm3', reply, 7);
    expect(screen([...first, ...second, ...third])).toEqual({ m1: reply });
  });

  it('says so, and sends the new reply in full as its own message, when the retry differs', () => {
    const join = new RetryJoin();
    const first = stream(join, 'm1', 'The answer is 4', 5);
    join.discarded('m1', said('The answer is 4'));
    const retry = stream(join, 'm2', 'The answer is five, because', 5);
    const notices = retry.filter((say) => say.kind === 'notice');
    expect(notices).toEqual([{ kind: 'notice', text: RETRY_DIFFERED }]);
    expect(screen([...first, ...retry])).toEqual({
      m1: 'The answer is 4',
      m2: 'The answer is five, because',
    });
  });

  it('says so too when the retry ends before repeating all that is shown', () => {
    const join = new RetryJoin();
    stream(join, 'm1', 'Long partial text', 4);
    join.discarded('m1', said('Long partial text'));
    const retry = stream(join, 'm2', 'Long', 4);
    expect(retry).toEqual([]);
    expect(join.finished('m2', said('Long'))).toEqual([
      { kind: 'notice', text: RETRY_DIFFERED },
      { kind: 'chunk', channel: 'text', messageId: 'm2', text: 'Long' },
    ]);
  });

  it('keeps reasoning and text apart', () => {
    const join = new RetryJoin();
    join.started('m1');
    join.chunk('m1', 'reasoning', 'think', said('', 'think'));
    join.discarded('m1', said('', 'think'));
    join.started('m2');
    expect(join.chunk('m2', 'reasoning', 'think', said('', 'think'))).toEqual([]);
    expect(join.chunk('m2', 'text', 'Hi', said('Hi', 'think'))).toEqual([
      { kind: 'chunk', channel: 'text', messageId: 'm1', text: 'Hi' },
    ]);
  });
});
