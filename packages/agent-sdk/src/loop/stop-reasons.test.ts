// Why the model stopped reaches the turn's result and the conversation, for both wire formats
// against tools/mock-llm: a reply cut off at the output limit and a refusal are not a finished
// answer, and each says so in a notice; an ordinary end says nothing.
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROVIDERS,
  lastAssistantText,
  ofType,
  startHarness,
} from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe.each(PROVIDERS)('stop reasons over %s', (provider) => {
  const cases = [
    { stopReason: 'max_tokens', finishReason: 'length', notice: /cut off.*output limit/ },
    { stopReason: 'refusal', finishReason: 'content-filter', notice: /declined to answer/ },
    { stopReason: 'end_turn', finishReason: 'stop', notice: undefined },
  ] as const;

  for (const { stopReason, finishReason, notice } of cases) {
    it(`a reply that stops with ${stopReason} ends the turn with ${stopReason}`, async () => {
      harness = await startHarness(provider, {
        name: stopReason,
        turns: [{ reply: [{ type: 'text', text: 'A reply that stops here' }], stopReason }],
      });
      const result = await harness.agent.sendMessage('go');
      expect(result.stopReason).toBe(stopReason);
      expect(lastAssistantText(harness.agent)).toBe('A reply that stops here');
      expect(ofType(harness.events, 'assistantMessageFinished').at(-1)?.finishReason).toBe(
        finishReason,
      );
      const notices = ofType(harness.events, 'noticeAdded').map((event) => event.message);
      if (notice === undefined) expect(notices).toEqual([]);
      else expect(notices).toEqual([expect.stringMatching(notice)]);
      harness.expectStateMatchesEvents();
    });
  }
});
