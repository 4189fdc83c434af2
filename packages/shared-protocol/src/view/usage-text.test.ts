import { describe, expect, it } from 'vitest';
import { NO_USAGE } from '../session/session-state.js';
import { withSpent } from '../session/session-usage.js';
import { usageText } from './usage-text.js';

describe('/usage', () => {
  it("says each model's tokens and cost in Claude Code's words", () => {
    let usage = withSpent(NO_USAGE, 'claude-sonnet-4-5', { inputTokens: 1234, outputTokens: 567 });
    usage = withSpent(usage, 'claude-haiku-4-5', {
      inputTokens: 3000,
      outputTokens: 10,
      cachedInputTokens: 2000,
      cacheWriteTokens: 500,
    });
    expect(usageText({ usage, models: [] })).toBe(
      [
        'Total cost: $0.0136',
        'Usage by model:',
        '  claude-sonnet-4-5: 1.2k input, 567 output, 0 cache read, 0 cache write ($0.0122)',
        '  claude-haiku-4-5: 500 input, 10 output, 2.0k cache read, 500 cache write ($0.0014)',
      ].join('\n'),
    );
  });

  it('says unknown for a model without a price, and how to give one', () => {
    const usage = withSpent(NO_USAGE, 'my-local-llm', { inputTokens: 5, outputTokens: 1 });
    const text = usageText({ usage, models: [] });
    expect(text).toMatch(/^Total cost: unknown\n/);
    expect(text).toContain(
      'my-local-llm: 5 input, 1 output, 0 cache read, 0 cache write (unknown:',
    );
    expect(text).toContain('"pricing"');
  });

  it('says nothing was spent before the first call', () => {
    expect(usageText({ usage: NO_USAGE, models: [] })).toBe(
      'No model calls in this session yet: nothing spent.',
    );
  });
});
