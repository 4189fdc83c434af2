// Gemini with thinking, as a user meets it: a real Agent over real HTTP against tools/mock-llm's
// Gemini wire (`/v1beta/models/{model}:streamGenerateContent?alt=sse`). Thoughts stream as
// thinking once and in order around a tool call; the request asks for thinking at the session's
// effort; the call's thought signature goes back on the next request, on the call. A stream
// recorded from Gemini 3, cut at odd byte offsets, shows its answer once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedEvents, recordedFixturePath } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { ofType, startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

type Json = Record<string, unknown>;

const SIGNATURE = 'R2VtaW5pIHNpZ25hdHVyZSBvZiB0aGUgY2FsbA==';

describe('thinking with Gemini models', () => {
  it('streams thoughts once and in order around a tool call and sends the thought signature back', async () => {
    harness = await startHarness(
      'google',
      { name: 'replaced below', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        provider: 'google',
        model: 'gemini-3-pro-preview',
        retry: { baseDelayMs: 10, idleTimeoutMs: 60_000 },
      },
    );
    const h = harness;
    const notes = join(h.workdir, 'notes.txt');
    writeFileSync(notes, 'The answer is 42.\n');
    h.mock.setScenario({
      name: 'gemini thinking with a tool',
      chunkSize: 5,
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [
            { type: 'reasoning', text: 'The notes hold it — café first.', signature: SIGNATURE },
            { type: 'tool_call', name: 'Read', input: { file_path: notes } },
          ],
        },
        {
          match: { turnIndex: 1 },
          reply: [
            { type: 'reasoning', text: 'They say 42; answer plainly.' },
            { type: 'text', text: 'The notes say 42.' },
          ],
        },
      ],
    });
    await h.agent.sendMessage('What do the notes say?');
    expect(h.mock.requests.map((request) => request.path)).toEqual([
      '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
      '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
    ]);
    const first = h.mock.requests[0]?.body as Json;
    expect((first['generationConfig'] as Json)['thinkingConfig']).toEqual({
      thinkingLevel: 'high',
      includeThoughts: true,
    });

    const assistant = h.agent.messages.filter((message) => message.role === 'assistant');
    const blocks = assistant.flatMap((message) => message.blocks);
    expect(blocks.map((block) => block.type)).toEqual(['reasoning', 'tool', 'reasoning', 'text']);
    expect(blocks[0]).toMatchObject({ content: 'The notes hold it — café first.', stage: 'end' });
    expect(blocks[1]).toMatchObject({ name: 'Read', stage: 'end' });
    expect(blocks[1]).not.toHaveProperty('error');
    expect(blocks[2]).toMatchObject({ content: 'They say 42; answer plainly.', stage: 'end' });
    expect(blocks[3]).toMatchObject({ content: 'The notes say 42.' });
    // Deltas only, never repeated; each stretch of thinking has its one clock start.
    const reasoning = ofType(h.events, 'assistantReasoningUpdated');
    expect(reasoning.map((event) => event.chunk).join('')).toBe(
      'The notes hold it — café first.They say 42; answer plainly.',
    );
    expect(reasoning.filter((event) => event.startedAt !== undefined)).toHaveLength(2);

    // The second request carries the call back with its signature, and the file's text.
    const contents = (h.mock.requests[1]?.body as Json)['contents'] as Json[];
    const modelTurn = contents.find((content) => content['role'] === 'model')!;
    const call = (modelTurn['parts'] as Json[]).find((part) => 'functionCall' in part)!;
    expect(call).toMatchObject({
      functionCall: { name: 'Read', args: { file_path: notes } },
      thoughtSignature: SIGNATURE,
    });
    expect(JSON.stringify(contents.at(-1))).toContain('The answer is 42.');
    h.expectStateMatchesEvents();
  });

  it.each([3, 13, 61])(
    'shows the answer of a stream recorded from Gemini 3 once, cut every %i bytes, and sends its thought signature back',
    async (writeBytes) => {
      const file = recordedFixturePath('geminiReasoning');
      harness = await startHarness(
        'google',
        {
          name: 'recorded gemini',
          turns: [
            { match: { turnIndex: 0 }, reply: [], recorded: { file, writeBytes } },
            { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Three.' }] },
          ],
        },
        { provider: 'google', model: 'gemini-3-pro-preview' },
      );
      await harness.agent.sendMessage('How many r in strawberry?');
      const parts = recordedEvents('geminiReasoning')
        .flatMap((event) => (event['candidates'] as Json[]) ?? [])
        .flatMap((candidate) => ((candidate['content'] as Json)['parts'] as Json[]) ?? []);
      const answer = parts
        .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
        .join('');
      const signature = parts.find((part) => part['thoughtSignature'])?.['thoughtSignature'];
      expect(answer).toContain('St**r**awbe**rr**y');
      expect(signature).toEqual(expect.any(String));
      const message = harness.agent.messages.at(-1)!;
      expect(message.blocks).toEqual([
        expect.objectContaining({
          type: 'text',
          content: answer,
          stage: 'end',
          providerMetadata: { google: { thoughtSignature: signature } },
        }),
      ]);
      // The next request gives the answer back with the signature Gemini put on it.
      await harness.agent.sendMessage('And in raspberry?');
      const contents = (harness.mock.requests[1]?.body as Json)['contents'] as Json[];
      const modelParts = contents.find((content) => content['role'] === 'model')![
        'parts'
      ] as Json[];
      expect(modelParts).toEqual([{ text: answer, thoughtSignature: signature }]);
      harness.expectStateMatchesEvents();
    },
  );
});
