// AgentOptions.fallbackModels (`--fallback-model`) through a real Agent against tools/mock-llm:
// a model overloaded after its retries (an HTTP 529, or Anthropic's in-stream overloaded_error)
// hands the rest of the turn to the fallback, said as a notice; the next turn starts with the
// session's model again; a request the server refuses for another reason does not move.
import type { Fault } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { lastAssistantText, ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const OPTIONS = {
  fallbackModels: ['backup-model'],
  retry: { maxRetries: 0, baseDelayMs: 10, idleTimeoutMs: 2000 },
};

function modelsAsked(): unknown[] {
  return (harness?.mock.requests ?? []).map(
    (request) => (request.body as { model?: unknown }).model,
  );
}

function turnFailingWith(fault: Fault, text: string) {
  return { faults: [fault], reply: [{ type: 'text' as const, text }] };
}

describe('fallback models', () => {
  it.each<[string, Fault]>([
    [
      'HTTP 529',
      { kind: 'http', status: 529, errorType: 'overloaded_error', message: 'Overloaded' },
    ],
    [
      'an in-stream overloaded_error',
      {
        kind: 'stream-error',
        afterChunks: 0,
        errorType: 'overloaded_error',
        message: 'Overloaded',
      },
    ],
  ])(
    '%s: the turn goes on with the fallback; the next turn starts with the model',
    async (_name, fault) => {
      harness = await startHarness(
        'anthropic',
        {
          name: 'overloaded',
          turns: [
            { match: { turnIndex: 0 }, ...turnFailingWith(fault, 'From the fallback.') },
            { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'From the model.' }] },
          ],
        },
        OPTIONS,
      );
      const first = await harness.agent.sendMessage('go');
      expect(first.stopReason).toBe('end_turn');
      expect(lastAssistantText(harness.agent)).toBe('From the fallback.');
      const notices = ofType(harness.events, 'noticeAdded').map((notice) => notice.message);
      expect(notices.join('\n')).toContain(
        'The turn goes on with the fallback model backup-model.',
      );
      await harness.agent.sendMessage('again');
      expect(modelsAsked()).toEqual(['mock-model', 'backup-model', 'mock-model']);
      harness.expectStateMatchesEvents();
    },
  );

  it('a refusal for another reason ends the turn on the model', async () => {
    harness = await startHarness(
      'anthropic',
      {
        name: 'refused',
        turns: [
          turnFailingWith(
            { kind: 'http', status: 400, errorType: 'invalid_request_error', message: 'Too long.' },
            'unused',
          ),
        ],
      },
      OPTIONS,
    );
    const result = await harness.agent.sendMessage('go');
    expect(result.stopReason).toBe('error');
    expect(modelsAsked()).toEqual(['mock-model']);
  });
});
