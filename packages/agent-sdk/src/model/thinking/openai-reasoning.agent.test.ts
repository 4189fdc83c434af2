// Reasoning over Chat Completions, over real HTTP against tools/mock-llm: `reasoning_effort` for
// OpenAI's reasoning models at the session's effort, nothing for the others, and the reasoning an
// OpenAI-compatible server streams as `reasoning` (vLLM, Ollama, OpenRouter) or
// `reasoning_content` (DeepSeek) shown as thinking.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

type Json = Record<string, unknown>;

const SCRIPTED = {
  name: 'a reply with reasoning',
  turns: [
    {
      reply: [
        { type: 'reasoning' as const, text: 'Think first.' },
        { type: 'text' as const, text: 'Done.' },
      ],
    },
  ],
};

describe('reasoning over Chat Completions', () => {
  it.each([
    ['o4-mini', 'high', 'high'],
    ['gpt-5', 'off', 'minimal'],
    ['gpt-5-mini', 'max', 'high'],
    ['o3', 'low', 'low'],
  ] as const)('asks %s at effort %s for reasoning_effort %s', async (model, effort, sent) => {
    harness = await startHarness('openai', SCRIPTED, { model, effort });
    await harness.agent.sendMessage('hi');
    expect((harness.mock.requests[0]?.body as Json)['reasoning_effort']).toBe(sent);
  });

  it('sends no reasoning_effort to a model without it', async () => {
    harness = await startHarness('openai', SCRIPTED, { model: 'gpt-4.1' });
    await harness.agent.sendMessage('hi');
    expect(harness.mock.requests[0]?.body).not.toHaveProperty('reasoning_effort');
  });

  it.each(['reasoning', 'reasoning_content'])(
    'shows a server’s `%s` deltas as thinking, once and before the answer',
    async (field) => {
      harness = await startHarness('openai', SCRIPTED, { model: 'qwen3' });
      const chunk = (delta: Json, finish: string | null = null) =>
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'qwen3',
          choices: [{ index: 0, delta, finish_reason: finish }],
        });
      const recording = join(harness.workdir, 'reasoning.chunks.txt');
      writeFileSync(
        recording,
        [
          chunk({ role: 'assistant', content: '' }),
          chunk({ [field]: 'Weigh 25 × 37: ' }),
          chunk({ [field]: 'it is 925.' }),
          chunk({ content: '925' }),
          chunk({}, 'stop'),
        ].join('\n'),
      );
      harness.mock.setScenario({
        name: 'recorded',
        turns: [{ reply: [], recorded: { file: recording, writeBytes: 5 } }],
      });
      await harness.agent.sendMessage('25 × 37?');
      const message = harness.agent.messages.at(-1)!;
      expect(message.blocks).toMatchObject([
        { type: 'reasoning', content: 'Weigh 25 × 37: it is 925.' },
        { type: 'text', content: '925' },
      ]);
      harness.expectStateMatchesEvents();
    },
  );
});
