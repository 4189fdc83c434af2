// Faults, each against tools/mock-llm over real HTTP, for both wire formats.
import { applyEvents, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROVIDERS,
  lastAssistantText,
  ofType,
  startHarness,
} from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { INTERRUPTED_FOR_MODEL, INTERRUPTED_NOTICE } from './turn-loop.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const reply = 'The quick brown fox jumps over the lazy dog, twice over and then some more.';

/** Every intermediate state a consumer could have shown, reduced from the events so far. */
function everyVisibleText(events: readonly AgentEvent[]): string[] {
  const texts: string[] = [];
  let state = emptyConversation;
  for (const event of events) {
    state = applyEvents(state, [event]);
    texts.push(
      state.messages
        .flatMap((m) => m.blocks)
        .map((b) => (b.type === 'text' ? b.content : ''))
        .join('|'),
    );
  }
  return texts;
}

describe.each(PROVIDERS)('model faults over %s', (provider) => {
  it('retries a 429, honouring retry-after, and announces the wait', async () => {
    harness = await startHarness(provider, {
      name: '429',
      turns: [
        {
          faults: [{ kind: 'http', status: 429, retryAfterMs: 50 }],
          reply: [{ type: 'text', text: reply }],
        },
      ],
    });
    const result = await harness.agent.sendMessage('go');
    expect(result.stopReason).toBe('end_turn');
    expect(harness.mock.requests).toHaveLength(2);
    const notices = ofType(harness.events, 'noticeAdded');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/rate limited.*Retrying in 50 ms/);
    expect(ofType(harness.events, 'assistantMessageDiscarded')).toHaveLength(0);
    expect(lastAssistantText(harness.agent)).toBe(reply);
  });

  it('retries 500 and 529 (overloaded) with backoff', async () => {
    harness = await startHarness(provider, {
      name: '5xx',
      turns: [
        {
          faults: [
            { kind: 'http', status: 500 },
            { kind: 'http', status: 529, errorType: 'overloaded_error', message: 'Overloaded' },
          ],
          reply: [{ type: 'text', text: reply }],
        },
      ],
    });
    await harness.agent.sendMessage('go');
    expect(harness.mock.requests).toHaveLength(3);
    expect(
      ofType(harness.events, 'noticeAdded')
        .map((n) => n.message)
        .join('\n'),
    ).toMatch(/overloaded/);
    expect(lastAssistantText(harness.agent)).toBe(reply);
  });

  it('gives up after the last try with an error block carrying the provider message', async () => {
    const overloaded = {
      kind: 'http' as const,
      status: 529,
      errorType: 'overloaded_error',
      message: 'The servers are busy',
    };
    harness = await startHarness(
      provider,
      {
        name: 'down',
        turns: [
          { faults: [overloaded, overloaded, overloaded], reply: [{ type: 'text', text: reply }] },
        ],
      },
      { retry: { maxRetries: 2, baseDelayMs: 5, idleTimeoutMs: 2000 } },
    );
    const result = await harness.agent.sendMessage('go');
    expect(result.stopReason).toBe('error');
    const errors = ofType(harness.events, 'errorBlockAdded');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error).toMatch(/529.*The servers are busy.*Gave up after 3 tries/);
    harness.expectStateMatchesEvents();
  });

  it('discards a stream that resets mid-way and retries; no consumer ever shows text twice', async () => {
    harness = await startHarness(provider, {
      name: 'reset',
      chunkSize: 5,
      turns: [
        { faults: [{ kind: 'reset', afterChunks: 6 }], reply: [{ type: 'text', text: reply }] },
      ],
    });
    const result = await harness.agent.sendMessage('go');
    expect(result.stopReason).toBe('end_turn');
    expect(ofType(harness.events, 'assistantMessageDiscarded')).toHaveLength(1);
    expect(lastAssistantText(harness.agent)).toBe(reply);
    expect(harness.agent.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
    for (const text of everyVisibleText(harness.events))
      expect(text.split('quick').length).toBeLessThanOrEqual(2);
  });

  it('treats a stall past the idle timeout as a broken stream', async () => {
    harness = await startHarness(
      provider,
      {
        name: 'stall',
        chunkSize: 5,
        turns: [
          {
            faults: [{ kind: 'stall', stallMs: 5000, afterChunks: 4 }],
            reply: [{ type: 'text', text: reply }],
          },
        ],
      },
      { retry: { maxRetries: 2, baseDelayMs: 5, idleTimeoutMs: 300 } },
    );
    await harness.agent.sendMessage('go');
    expect(ofType(harness.events, 'noticeAdded')[0]!.message).toMatch(/stalled/);
    expect(lastAssistantText(harness.agent)).toBe(reply);
  });

  it('survives malformed stream data by retrying', async () => {
    harness = await startHarness(provider, {
      name: 'malformed',
      chunkSize: 5,
      turns: [
        { faults: [{ kind: 'malformed', afterChunks: 3 }], reply: [{ type: 'text', text: reply }] },
      ],
    });
    await harness.agent.sendMessage('go');
    expect(lastAssistantText(harness.agent)).toBe(reply);
    harness.expectStateMatchesEvents();
  });

  it('makes its last try without streaming after streams kept breaking', async () => {
    const reset = { kind: 'reset' as const, afterChunks: 6 };
    harness = await startHarness(
      provider,
      {
        name: 'fallback',
        chunkSize: 5,
        turns: [{ faults: [reset, reset], reply: [{ type: 'text', text: reply }] }],
      },
      { retry: { maxRetries: 2, baseDelayMs: 5, idleTimeoutMs: 2000 } },
    );
    await harness.agent.sendMessage('go');
    const bodies = harness.mock.requests.map((r) => r.body as { stream?: boolean });
    expect(bodies.map((b) => b.stream === true)).toEqual([true, true, false]);
    expect(ofType(harness.events, 'assistantMessageDiscarded')).toHaveLength(2);
    expect(lastAssistantText(harness.agent)).toBe(reply);
  });

  it('keeps the partial reply on abort, ends every open block, and shows it to the model next turn', async () => {
    harness = await startHarness(provider, {
      name: 'abort',
      chunkSize: 4,
      delayMs: 15,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Thinking hard about it.' },
            { type: 'text', text: reply },
          ],
        },
        { reply: [{ type: 'text', text: 'Continuing.' }] },
      ],
    });
    harness.agent.subscribe((event) => {
      if (event.type === 'assistantContentUpdated' && event.chunk.includes('q'))
        harness!.agent.abortMessage();
    });
    const result = await harness.agent.sendMessage('go');
    expect(result.stopReason).toBe('aborted');
    const message = harness.agent.messages.findLast((m) => m.role === 'assistant')!;
    const partial = lastAssistantText(harness.agent);
    // The conversation says that the reply was stopped, right under it.
    expect(harness.agent.messages.at(-1)?.blocks).toStrictEqual([
      {
        type: 'notice',
        level: 'warning',
        message: INTERRUPTED_NOTICE,
        toModel: INTERRUPTED_FOR_MODEL,
      },
    ]);
    expect(partial.length).toBeGreaterThan(0);
    expect(reply.startsWith(partial)).toBe(true);
    for (const block of message.blocks) expect(block).toMatchObject({ stage: 'end' });
    const reasoning = message.blocks.find((b) => b.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.endedAt).toBeGreaterThan(0);
    expect(ofType(harness.events, 'assistantMessageFinished').at(-1)?.finishReason).toBe('aborted');

    await harness.agent.sendMessage('and then?');
    const next = JSON.stringify(harness.mock.requests[1]!.body);
    expect(next).toContain(partial);
    // And the model is told so, after the partial reply.
    expect(next.indexOf(JSON.stringify(INTERRUPTED_FOR_MODEL).slice(1, -1))).toBeGreaterThan(
      next.indexOf(JSON.stringify(partial).slice(1, -1)),
    );
  });
});
