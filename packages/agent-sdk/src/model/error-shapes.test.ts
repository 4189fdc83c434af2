// Every error shape the providers send, through a real Agent against tools/mock-llm over real
// HTTP and SSE, in both framings: the user reads the provider's own message (never "[object
// Object]"), and the errors a server means as "try again" are retried, the partial reply of a
// broken stream discarded first; the others end the turn with the message.
import type { Fault } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { lastAssistantText, ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness, WireProvider } from '../test-support/agent-harness.js';
import {
  OPENAI_SERVER_ERROR_MESSAGE,
  OPENROUTER_ERROR_CHUNK,
  VLLM_ERROR_OBJECT,
} from '../test-support/recorded-error-shapes.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const ANSWER = 'Here is the answer after all.';

interface Shape {
  readonly provider: WireProvider;
  readonly name: string;
  readonly fault: Fault;
  /** What the user must read, from the provider's own words. */
  readonly shows: string;
  readonly retried: boolean;
}

const SHAPES: readonly Shape[] = [
  {
    provider: 'openai',
    name: 'HTTP 500 with an error body',
    fault: { kind: 'http', status: 500, errorType: 'server_error', message: 'Upstream timed out.' },
    shows: 'Upstream timed out.',
    retried: true,
  },
  {
    provider: 'openai',
    name: 'HTTP 400 with an error body',
    fault: {
      kind: 'http',
      status: 400,
      errorType: 'invalid_request_error',
      message: "Invalid 'max_tokens': integer below minimum value.",
    },
    shows: "Invalid 'max_tokens': integer below minimum value.",
    retried: false,
  },
  {
    provider: 'openai',
    name: 'an error object in the stream before any text',
    fault: {
      kind: 'stream-error',
      afterChunks: 0,
      errorType: 'server_error',
      message: OPENAI_SERVER_ERROR_MESSAGE,
    },
    shows: OPENAI_SERVER_ERROR_MESSAGE,
    retried: true,
  },
  {
    provider: 'openai',
    name: 'an error object in the stream after some text',
    fault: {
      kind: 'stream-error',
      afterChunks: 4,
      errorType: 'server_error',
      message: OPENAI_SERVER_ERROR_MESSAGE,
    },
    shows: OPENAI_SERVER_ERROR_MESSAGE,
    retried: true,
  },
  {
    provider: 'openai',
    name: 'an error object in the stream that is not worth retrying',
    fault: {
      kind: 'stream-error',
      afterChunks: 3,
      errorType: 'invalid_request_error',
      message: "This model's maximum context length is 8192 tokens.",
    },
    shows: "This model's maximum context length is 8192 tokens.",
    retried: false,
  },
  {
    provider: 'openai',
    name: "OpenRouter's error chunk after some text",
    fault: { kind: 'stream-error', afterChunks: 4, line: OPENROUTER_ERROR_CHUNK },
    shows: 'Provider disconnected unexpectedly',
    retried: true,
  },
  {
    provider: 'openai',
    name: "vLLM's top-level error object after some text",
    fault: { kind: 'stream-error', afterChunks: 4, line: VLLM_ERROR_OBJECT },
    shows: 'EngineCore encountered an issue.',
    retried: true,
  },
  {
    provider: 'anthropic',
    name: 'HTTP 529 overloaded_error body',
    fault: { kind: 'http', status: 529, errorType: 'overloaded_error', message: 'Overloaded' },
    shows: 'Overloaded',
    retried: true,
  },
  {
    provider: 'anthropic',
    name: 'HTTP 400 invalid_request_error body',
    fault: {
      kind: 'http',
      status: 400,
      errorType: 'invalid_request_error',
      message: 'prompt is too long: 215000 tokens > 200000 maximum',
    },
    shows: 'prompt is too long: 215000 tokens > 200000 maximum',
    retried: false,
  },
  {
    provider: 'anthropic',
    name: 'an SSE error event before any text',
    fault: { kind: 'stream-error', afterChunks: 0, message: 'Overloaded' },
    shows: 'Overloaded',
    retried: true,
  },
  {
    provider: 'anthropic',
    name: 'an SSE error event after some text',
    fault: {
      kind: 'stream-error',
      afterChunks: 6,
      errorType: 'api_error',
      message: 'Internal server error',
    },
    shows: 'Internal server error',
    retried: true,
  },
];

describe.each(SHAPES)('$provider: $name', ({ provider, name, fault, shows, retried }) => {
  it(
    retried ? 'is retried, saying what the server said' : 'ends the turn with the message',
    async () => {
      harness = await startHarness(provider, {
        name,
        chunkSize: 4,
        turns: [{ faults: [fault], reply: [{ type: 'text', text: ANSWER }] }],
      });
      const result = await harness.agent.sendMessage('go');
      const said = [
        ...ofType(harness.events, 'noticeAdded').map((notice) => notice.message),
        ...ofType(harness.events, 'errorBlockAdded').map((error) => error.error),
      ].join('\n');
      expect(said).toContain(shows);
      expect(said).not.toContain('[object Object]');
      if (retried) {
        expect(result.stopReason).toBe('end_turn');
        expect(harness.mock.requests).toHaveLength(2);
        expect(lastAssistantText(harness.agent)).toBe(ANSWER);
        expect(harness.agent.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
      } else {
        expect(result.stopReason).toBe('error');
        expect(result.error).toContain(shows);
        expect(harness.mock.requests).toHaveLength(1);
      }
      harness.expectStateMatchesEvents();
    },
  );
});
