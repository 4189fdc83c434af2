// Thinking with Claude, as a user meets it: a real Agent over real HTTP against tools/mock-llm,
// which serves streams recorded from Anthropic's API cut at odd byte offsets. The thinking is
// shown once, in order, before the answer; the request bodies ask for thinking as Claude Code
// 2.1.332 does; signed and redacted thinking go back unchanged on every later call.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedAnthropicText, recordedFixturePath } from '@wave-agent/mock-llm';
import type { RecordedFixture, Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../../agent.js';
import { ofType, startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';
import type { AgentOptions } from '../../agent/agent-options.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

type Json = Record<string, unknown>;

function recordedScenario(name: RecordedFixture, writeBytes: number): Scenario {
  return {
    name: `recorded ${name}`,
    turns: [{ reply: [], recorded: { file: recordedFixturePath(name), writeBytes } }],
  };
}

async function runOn(
  fixture: RecordedFixture,
  writeBytes: number,
  options: Partial<AgentOptions>,
): Promise<{ body: Json; headers: Record<string, string | string[] | undefined> }> {
  harness = await startHarness('anthropic', recordedScenario(fixture, writeBytes), options);
  await harness.agent.sendMessage('What is 25 × 37?');
  const request = harness.mock.requests[0];
  return { body: request?.body as Json, headers: request?.headers ?? {} };
}

describe('thinking with Anthropic models', () => {
  it.each([
    ['anthropicBudget', 'claude-sonnet-4-5', 13],
    ['anthropicAdaptive', 'claude-sonnet-4-6', 7],
  ] as const)(
    'shows the recorded thinking of %s once, in order, before the answer (%s, writes of %i bytes)',
    async (fixture, model, writeBytes) => {
      await runOn(fixture, writeBytes, { model });
      const h = harness!;
      const thinking = recordedAnthropicText(fixture, 'thinking');
      const answer = recordedAnthropicText(fixture, 'text');
      expect(thinking.length).toBeGreaterThan(100);
      const message = h.agent.messages.at(-1)!;
      expect(message.blocks.map((block) => block.type)).toEqual(['reasoning', 'text']);
      const [reasoning, text] = message.blocks;
      expect(reasoning).toMatchObject({ type: 'reasoning', content: thinking, stage: 'end' });
      expect(reasoning?.type === 'reasoning' && reasoning.providerMetadata).toMatchObject({
        anthropic: { signature: expect.any(String) as unknown },
      });
      expect(text).toMatchObject({ type: 'text', content: answer });
      // Deltas only, never repeated: the reasoning events' chunks are the thinking exactly.
      const chunks = ofType(h.events, 'assistantReasoningUpdated').map((event) => event.chunk);
      expect(chunks.join('')).toBe(thinking);
      expect(chunks.length).toBeGreaterThan(1);
      const started = ofType(h.events, 'assistantReasoningUpdated').filter(
        (event) => event.startedAt !== undefined,
      );
      expect(started).toHaveLength(1);
      h.expectStateMatchesEvents();
    },
  );

  it('asks a budget model for a 31999-token budget, max_tokens 32000 and interleaved thinking', async () => {
    const { body, headers } = await runOn('anthropicBudget', 61, { model: 'claude-sonnet-4-5' });
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 31999 });
    expect(body['max_tokens']).toBe(32000);
    expect(String(headers['anthropic-beta'])).toContain('interleaved-thinking-2025-05-14');
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_k');
    expect(body).not.toHaveProperty('output_config');
  });

  it('takes the budget from MAX_THINKING_TOKENS, and turns thinking off at 0', async () => {
    const { body } = await runOn('anthropicBudget', 61, {
      model: 'claude-opus-4-5',
      maxThinkingTokens: 8000,
    });
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 8000 });
    expect(body['max_tokens']).toBe(32000);
    await harness?.dispose();
    const off = await runOn('anthropicBudget', 61, {
      model: 'claude-sonnet-4-5',
      maxThinkingTokens: 0,
    });
    expect(off.body['thinking']).toEqual({ type: 'disabled' });
    expect(off.headers['anthropic-beta'] ?? 'none').not.toContain('interleaved');
  });

  it('asks an adaptive model for adaptive thinking at the session effort, which /effort changes', async () => {
    const { body } = await runOn('anthropicAdaptive', 61, { model: 'claude-sonnet-4-6' });
    expect(body['thinking']).toEqual({ type: 'adaptive' });
    expect(body['output_config']).toEqual({ effort: 'high' });
    expect(body['max_tokens']).toBe(32000);
    const h = harness!;
    expect(h.agent.sessionState.effort).toBe('high');
    expect(h.agent.setEffort('low')).toEqual({ effort: 'low' });
    h.mock.setScenario(recordedScenario('anthropicAdaptive', 61));
    await h.agent.sendMessage('again');
    expect((h.mock.requests[1]?.body as Json)['output_config']).toEqual({ effort: 'low' });
    expect(h.agent.sessionState.effort).toBe('low');
    expect(ofType(h.events, 'effortChanged')).toEqual([{ type: 'effortChanged', effort: 'low' }]);
    h.expectStateMatchesEvents();
  });

  it('sends a model without thinking none, and says /effort has nothing to set on it', async () => {
    const { body } = await runOn('anthropicBudget', 61, { model: 'claude-3-5-haiku-latest' });
    expect(body).not.toHaveProperty('thinking');
    expect(body).not.toHaveProperty('output_config');
    expect(body['max_tokens']).toBe(8192);
    expect(harness!.agent.setEffort('max').note).toMatch(/no extended thinking/);
  });

  it('starts at the effort the options give, over the default', async () => {
    const { body } = await runOn('anthropicBudget', 61, {
      model: 'claude-sonnet-4-5',
      effort: 'low',
    });
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 4000 });
    expect(body['max_tokens']).toBe(32000);
    expect(harness!.agent.sessionState.effort).toBe('low');
  });
});

describe('the effort is the session’s', () => {
  it('stays through /clear, and comes back with a resumed session unless the run names one', async () => {
    await runOn('anthropicAdaptive', 61, { model: 'claude-sonnet-4-6', defaultEffort: 'medium' });
    const h = harness!;
    h.agent.setEffort('low');
    const sessionId = h.agent.sessionState.sessionId;
    const resume = (options: { effort?: 'max' } = {}) =>
      Agent.create({
        provider: 'anthropic',
        model: 'claude-sonnet-4-6',
        baseURL: h.mock.url,
        apiKey: 'test-key',
        env: {},
        workdir: h.workdir,
        waveHome: h.waveHome,
        defaultEffort: 'medium',
        resumeSessionId: sessionId,
        ...options,
      });
    const resumed = await resume();
    expect(resumed.sessionState.effort).toBe('low');
    resumed.destroy();
    const named = await resume({ effort: 'max' });
    expect(named.sessionState.effort).toBe('max');
    named.destroy();
    await h.agent.clear();
    expect(h.agent.sessionState.effort).toBe('low');
  });
});

/** One recorded-style Anthropic response: redacted thinking, signed thinking, then a Read call. */
function redactedThenToolCall(filePath: string): string {
  const events = [
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
    },
    { type: 'content_block_stop', index: 0 },
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    },
    {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'thinking_delta', thinking: 'Read the notes — ' },
    },
    { type: 'content_block_delta', index: 1, delta: { type: 'thinking_delta', thinking: 'café.' } },
    {
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'signature_delta', signature: 'U2ln' },
    },
    { type: 'content_block_stop', index: 1 },
    {
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'Read', input: {} },
    },
    {
      type: 'content_block_delta',
      index: 2,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify({ file_path: filePath }) },
    },
    { type: 'content_block_stop', index: 2 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 30 },
    },
    { type: 'message_stop' },
  ];
  return events.map((event) => JSON.stringify(event)).join('\n');
}

describe('thinking across the tool loop', () => {
  it('sends signed and redacted thinking back unchanged, in order, before their tool calls, on every later call', async () => {
    harness = await startHarness(
      'anthropic',
      { name: 'replaced below', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        model: 'claude-sonnet-4-5',
      },
    );
    const h = harness;
    const notes = join(h.workdir, 'notes.txt');
    writeFileSync(notes, 'the notes say 42\n');
    const recording = join(h.workdir, 'redacted.chunks.txt');
    writeFileSync(recording, redactedThenToolCall(notes));
    h.mock.setScenario({
      name: 'redacted thinking, then tools',
      turns: [
        { reply: [], recorded: { file: recording, writeBytes: 11 } },
        {
          match: { turnIndex: 1 },
          reply: [
            { type: 'reasoning', text: 'Once more.', signature: 'c2lnMg==' },
            { type: 'tool_call', id: 'toolu_2', name: 'Read', input: { file_path: notes } },
          ],
        },
        { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'It says 42.' }] },
      ],
    });
    await h.agent.sendMessage('What do the notes say?');
    expect(h.mock.requests).toHaveLength(3);
    const firstReply = [
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
      { type: 'thinking', thinking: 'Read the notes — café.', signature: 'U2ln' },
      { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: notes } },
    ];
    const assistantContents = (index: number) =>
      ((h.mock.requests[index]?.body as Json)['messages'] as Json[])
        .filter((message) => message['role'] === 'assistant')
        .map((message) =>
          (message['content'] as Json[]).map(({ cache_control: _cache, ...block }) => block),
        );
    expect(assistantContents(1)).toEqual([firstReply]);
    expect(assistantContents(2)).toEqual([
      firstReply,
      [
        { type: 'thinking', thinking: 'Once more.', signature: 'c2lnMg==' },
        { type: 'tool_use', id: 'toolu_2', name: 'Read', input: { file_path: notes } },
      ],
    ]);
    // The user saw the thinking once, as two blocks (the redacted one has no words).
    const first = h.agent.messages.find((message) => message.role === 'assistant')!;
    expect(first.blocks.map((block) => block.type)).toEqual(['reasoning', 'reasoning', 'tool']);
    expect(first.blocks[1]).toMatchObject({ content: 'Read the notes — café.' });
    h.expectStateMatchesEvents();
  });
});
