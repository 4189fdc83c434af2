import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEvent, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent, Message, ToolBlockUpdatedEvent } from '@wave-agent/shared-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROVIDERS,
  lastAssistantText,
  ofType,
  startHarness,
} from './test-support/agent-harness.js';
import type { Harness } from './test-support/agent-harness.js';
import { readSessionFile } from './session/session-reader.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe.each(PROVIDERS)('Agent over %s', (provider) => {
  it('streams a reply as pure deltas, in order, and its state is the reduction of its events', async () => {
    const text = 'Hello there, this reply arrives in many small pieces.';
    harness = await startHarness(provider, {
      name: 'text',
      chunkSize: 3,
      turns: [{ reply: [{ type: 'text', text }] }],
    });
    const checks: boolean[] = [];
    const seen: AgentEvent[] = [];
    harness.agent.subscribe((event) => {
      seen.push(event);
      // Synchronously after the state changed: the agent already holds this event.
      let expected = emptyConversation;
      for (const e of seen) expected = applyEvent(expected, e);
      checks.push(JSON.stringify(expected.messages) === JSON.stringify(harness!.agent.messages));
    });
    const result = await harness.agent.sendMessage('hi');
    expect(result.stopReason).toBe('end_turn');
    expect(lastAssistantText(harness.agent)).toBe(text);
    expect(checks.every(Boolean)).toBe(true);
    harness.expectStateMatchesEvents();

    const types = harness.events.map((e) => e.type);
    // The turn frames everything; the session takes its title from the first message.
    expect(types.slice(0, 4)).toEqual([
      'turnStarted',
      'userMessageAdded',
      'sessionTitleChanged',
      'assistantMessageAdded',
    ]);
    // After the call: what filled the context window (/context), then the end of the turn.
    expect(types.slice(-3)).toEqual([
      'assistantMessageFinished',
      'contextWindowMeasured',
      'turnEnded',
    ]);
    expect(harness.agent.sessionState).toMatchObject({
      title: 'hi',
      status: { type: 'idle' },
    });
    const deltas = ofType(harness.events, 'assistantContentUpdated');
    expect(deltas.length).toBeGreaterThan(10);
    // Pure deltas: the chunks add up to the text exactly once (O(N) bytes, not O(N²)).
    expect(deltas.map((d) => d.chunk).join('')).toBe(text);
    for (const delta of deltas)
      expect(Object.keys(delta).sort()).toEqual(['chunk', 'messageId', 'stage', 'type']);
    expect(deltas.at(-1)).toMatchObject({ chunk: '', stage: 'end' });
    const finished = ofType(harness.events, 'assistantMessageFinished')[0]!;
    expect(finished.usage?.outputTokens).toBeGreaterThan(0);
    expect(harness.agent.usage.outputTokens).toBe(finished.usage?.outputTokens);
  });

  it('calls callbacks named on + event with exactly the payload, in emission order', async () => {
    const calls: string[] = [];
    const payloads: unknown[] = [];
    harness = await startHarness(
      provider,
      { name: 'text', turns: [{ reply: [{ type: 'text', text: 'Hi!' }] }] },
      {
        callbacks: {
          onUserMessageAdded: (p) => calls.push(`user:${p.message.role}`),
          onAssistantMessageAdded: (p) => calls.push(`assistant:${typeof p.messageId}`),
          onAssistantContentUpdated: (p) => {
            payloads.push(p);
            calls.push(`content:${p.stage}`);
          },
          onAssistantMessageFinished: (p) => calls.push(`finished:${p.finishReason}`),
          onTurnStarted: (p) => calls.push(`turn:${p.activity}`),
          onTurnEnded: (p) => calls.push(`ended:${p.stopReason}`),
        },
      },
    );
    await harness.agent.sendMessage('hi');
    expect(calls.slice(0, 3)).toEqual(['turn:reply', 'user:user', 'assistant:string']);
    expect(calls.slice(-3)).toEqual(['content:end', 'finished:stop', 'ended:end_turn']);
    expect(payloads[0]).not.toHaveProperty('type');
    expect(Object.keys(payloads[0] as object).sort()).toEqual(['chunk', 'messageId', 'stage']);
  });

  it('a consumer that keeps the objects it was given never sees a doubled first word', async () => {
    harness = await startHarness(provider, {
      name: 'reasoning',
      chunkSize: 4,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Let me think about this.' },
            { type: 'text', text: 'Hello world.' },
          ],
        },
      ],
    });
    // Keep the message object as it was when it was announced, and every later state.
    const kept: Message[] = [];
    harness.agent.subscribe((event) => {
      if (event.type === 'assistantMessageAdded') kept.push(harness!.agent.messages.at(-1)!);
    });
    await harness.agent.sendMessage('think');
    expect(kept[0]!.blocks).toEqual([]);
    const message = harness.agent.messages.at(-1)!;
    const reasoning = message.blocks.find((b) => b.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.content).toBe('Let me think about this.');
    expect(lastAssistantText(harness.agent)).toBe('Hello world.');
  });

  it('runs a tool: start → streaming → running → end, repeating stable fields, and sends the result back', async () => {
    harness = await startHarness(provider, {
      name: 'read',
      chunkSize: 5,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'I should read the notes file.', signature: 'c2lnbmF0dXJl' },
            { type: 'tool_call', id: 'call_read', name: 'Read', input: { file_path: 'notes.txt' } },
          ],
        },
        {
          match: { lastToolResultContains: 'remember the milk' },
          reply: [{ type: 'text', text: 'The note says to remember the milk.' }],
        },
      ],
    });
    writeFileSync(join(harness.workdir, 'notes.txt'), 'remember the milk\n');
    const result = await harness.agent.sendMessage('what do my notes say?');
    expect(result.stopReason).toBe('end_turn');
    const toolEvents = ofType(harness.events, 'toolBlockUpdated');
    const stages = toolEvents.map((e) => e.stage).filter((s, i, all) => s !== all[i - 1]);
    expect(stages).toEqual(['start', 'streaming', 'running', 'end']);
    for (const event of toolEvents.filter((e) => e.stage === 'running')) {
      expect(event.name).toBe('Read');
      expect(event.compactParams).toBe('notes.txt');
    }
    const streaming = toolEvents.filter((e) => e.stage === 'streaming');
    expect(streaming.map((e) => e.parametersChunk).join('')).toBe(
      JSON.stringify({ file_path: 'notes.txt' }),
    );
    for (const event of streaming) expect(event).not.toHaveProperty('parameters');
    const end = toolEvents.at(-1)!;
    expect(end.result).toContain('remember the milk');
    expect(JSON.parse(end.parameters!)).toEqual({ file_path: 'notes.txt' });
    expect(lastAssistantText(harness.agent)).toBe('The note says to remember the milk.');

    const second = JSON.stringify(harness.mock.requests[1]!.body);
    expect(second).toContain('remember the milk');
    if (provider === 'anthropic') expect(second).toContain('c2lnbmF0dXJl');
    harness.expectStateMatchesEvents();
  });

  it('records reasoning start and end times', async () => {
    harness = await startHarness(provider, {
      name: 'think',
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Hmm, let me see.' },
            { type: 'text', text: 'Done.' },
          ],
        },
      ],
    });
    const before = Date.now();
    await harness.agent.sendMessage('go');
    const reasoning = harness.agent.messages.at(-1)!.blocks.find((b) => b.type === 'reasoning');
    expect(reasoning).toMatchObject({ stage: 'end' });
    if (reasoning?.type !== 'reasoning') throw new Error('no reasoning block');
    expect(reasoning.startedAt).toBeGreaterThanOrEqual(before);
    expect(reasoning.endedAt).toBeGreaterThanOrEqual(reasoning.startedAt!);
  });

  it('reopens the same blocks when text and reasoning interleave in one call (T→R→T, R→T→R), never a signed thinking block', async () => {
    harness = await startHarness(provider, {
      name: 'interleaved',
      chunkSize: 4,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'First thought.' },
            { type: 'text', text: 'The answer ' },
            { type: 'reasoning', text: ' Second thought.' },
            { type: 'text', text: 'is 42.' },
          ],
        },
      ],
    });
    await harness.agent.sendMessage('q');
    const blocks = harness.agent.messages.at(-1)!.blocks;
    if (provider === 'anthropic') {
      // Each signed thinking block is its own, to go back to the API as it came.
      expect(blocks.map((b) => b.type)).toEqual(['reasoning', 'text', 'reasoning']);
      expect(blocks[0]).toMatchObject({ content: 'First thought.', stage: 'end' });
      expect(blocks[2]).toMatchObject({ content: ' Second thought.', stage: 'end' });
    } else {
      expect(blocks.map((b) => b.type)).toEqual(['reasoning', 'text']);
      expect(blocks[0]).toMatchObject({ content: 'First thought. Second thought.', stage: 'end' });
    }
    expect(blocks[1]).toMatchObject({ content: 'The answer is 42.', stage: 'end' });
    const reopened = ofType(harness.events, 'assistantContentUpdated');
    expect(reopened.filter((e) => e.stage === 'end')).toHaveLength(2);
  });

  it('routes inline <think> tags to reasoning and never shows half a tag', async () => {
    harness = await startHarness(provider, {
      name: 'tags',
      chunkSize: 3,
      turns: [
        { reply: [{ type: 'text', text: '<think>quietly planning</think>The plan is simple.' }] },
      ],
    });
    await harness.agent.sendMessage('plan');
    for (const event of ofType(harness.events, 'assistantContentUpdated'))
      expect(event.chunk).not.toMatch(/[<>]/);
    const blocks = harness.agent.messages.at(-1)!.blocks;
    expect(blocks.find((b) => b.type === 'reasoning')).toMatchObject({
      content: 'quietly planning',
    });
    expect(lastAssistantText(harness.agent)).toBe('The plan is simple.');
  });

  it('keeps multi-byte characters intact when they are split across network reads', async () => {
    const text = 'Café ☕ — naïve 😀 done';
    harness = await startHarness(provider, {
      name: 'utf8',
      turns: [{ faults: [{ kind: 'split-utf8' }], reply: [{ type: 'text', text }] }],
    });
    await harness.agent.sendMessage('unicode');
    expect(lastAssistantText(harness.agent)).toBe(text);
  });

  it('turns schema-invalid tool input into an error the model can correct', async () => {
    harness = await startHarness(provider, {
      name: 'bad-input',
      turns: [
        { reply: [{ type: 'tool_call', id: 'call_bad', name: 'Read', input: { path: 'x' } }] },
        {
          match: { lastToolResultContains: 'file_path' },
          reply: [{ type: 'text', text: 'Sorry, fixing.' }],
        },
      ],
    });
    await harness.agent.sendMessage('read');
    const end = ofType(harness.events, 'toolBlockUpdated').at(-1)!;
    expect(end.stage).toBe('end');
    expect(end.error).toMatch(/file_path/);
    expect(lastAssistantText(harness.agent)).toBe('Sorry, fixing.');
  });

  it('stops after maxTurns model calls with a notice', async () => {
    const loop = { reply: [{ type: 'tool_call' as const, name: 'LS', input: { path: '.' } }] };
    harness = await startHarness(
      provider,
      { name: 'loop', turns: [loop, loop, loop, loop] },
      { maxTurns: 2 },
    );
    const result = await harness.agent.sendMessage('loop');
    expect(result.stopReason).toBe('max_turns');
    expect(harness.mock.requests).toHaveLength(2);
    expect(ofType(harness.events, 'noticeAdded').at(-1)?.message).toMatch(/maxTurns/);
  });

  it('switches the model for the rest of the session', async () => {
    harness = await startHarness(provider, {
      name: 'switch',
      turns: [
        { reply: [{ type: 'text', text: 'one' }] },
        { reply: [{ type: 'text', text: 'two' }] },
      ],
    });
    await harness.agent.sendMessage('first');
    harness.agent.setModel('bigger-model');
    expect(harness.agent.provider).toMatchObject({ provider, model: 'bigger-model' });
    await harness.agent.sendMessage('second');
    const models = harness.mock.requests.map((r) => (r.body as { model?: string }).model);
    expect(models).toEqual(['mock-model', 'bigger-model']);
    expect(() => harness!.agent.setModel('  ')).toThrow(/Name a model/);
  });

  it('persists every event to the session file as it is emitted', async () => {
    harness = await startHarness(provider, {
      name: 'p',
      turns: [{ reply: [{ type: 'text', text: 'Saved.' }] }],
    });
    await harness.agent.sendMessage('save');
    const lines = readFileSync(harness.agent.sessionPath!, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'session', id: harness.agent.sessionId });
    // One line per event, read back as it was emitted (a delta's first line carries its number).
    expect(lines).toHaveLength(harness.events.length + 1);
    expect(readSessionFile(harness.agent.sessionPath!).events).toEqual(harness.events);
  });
});

describe('tool events', () => {
  it('never carry an isRunning flag, and streaming events never carry the parameters so far', async () => {
    harness = await startHarness('openai', {
      name: 'ls',
      chunkSize: 2,
      turns: [
        { reply: [{ type: 'tool_call', name: 'LS', input: { path: '.' } }] },
        { reply: [{ type: 'text', text: 'ok' }] },
      ],
    });
    await harness.agent.sendMessage('ls');
    const events: ToolBlockUpdatedEvent[] = ofType(harness.events, 'toolBlockUpdated');
    // The call went through every stage, its input in several pieces (chunk size 2).
    const stages = events.map((e) => e.stage).filter((stage, i, all) => stage !== all[i - 1]);
    expect(stages).toEqual(['start', 'streaming', 'running', 'end']);
    const streaming = events.filter((e) => e.stage === 'streaming');
    expect(streaming.length).toBeGreaterThan(1);
    for (const event of events) expect(event).not.toHaveProperty('isRunning');
    for (const event of streaming) expect(event).not.toHaveProperty('parameters');
    // The chunks are deltas: together they are the input, each piece once.
    expect(streaming.map((e) => e.parametersChunk).join('')).toBe('{"path":"."}');
  });
});
