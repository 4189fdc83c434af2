import { describe, expect, it } from 'vitest';
import type { ConfiguredModel } from '../rpc/configured-models.js';
import { NO_USAGE } from '../session/session-state.js';
import { withSpent } from '../session/session-usage.js';
import { costOf, listPrice, priceOf, sessionCostUsd } from './session-cost.js';

describe('what tokens cost', () => {
  it('finds the list price of an id with a date suffix or a router prefix, and no other', () => {
    expect(listPrice('claude-sonnet-4-5-20250929')).toEqual(listPrice('claude-sonnet-4-5'));
    expect(listPrice('anthropic/claude-sonnet-4.5')).toEqual(listPrice('claude-sonnet-4-5'));
    expect(listPrice('claude-opus-4-5')?.input).toBe(5);
    expect(listPrice('claude-opus-4-1-20250805')?.input).toBe(15);
    // The longest known id wins: gpt-5-mini is not priced as gpt-5.
    expect(listPrice('gpt-5-mini-2025-08-07')?.input).toBe(0.25);
    expect(listPrice('gpt-5')?.input).toBe(1.25);
    // A name that merely starts like a known one is not that model.
    expect(listPrice('gpt-50')).toBeUndefined();
    expect(listPrice('llama-3.1-70b')).toBeUndefined();
  });

  it('prices uncached input, output, cache reads and cache writes each at its rate', () => {
    const usage = {
      inputTokens: 1_000_000 + 2_000_000 + 4_000_000,
      outputTokens: 1_000_000,
      cachedInputTokens: 2_000_000,
      cacheWriteTokens: 4_000_000,
    };
    const price = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
    expect(costOf(usage, price)).toBeCloseTo(3 + 15 + 0.6 + 15, 10);
    // A price without cache rates charges cached tokens as input.
    expect(costOf(usage, { input: 1, output: 2 })).toBeCloseTo(7 + 2, 10);
  });

  it("lets a configured model's pricing win, and says unknown (undefined) rather than guess", () => {
    const own: ConfiguredModel = {
      name: 'local',
      provider: 'openai',
      model: 'claude-sonnet-4-5',
      purposes: [],
      pricing: { input: 1, output: 1 },
    };
    expect(priceOf('claude-sonnet-4-5', [own])).toEqual({ input: 1, output: 1 });
    expect(priceOf('claude-sonnet-4-5', [])?.input).toBe(3);

    const spent = withSpent(NO_USAGE, 'claude-sonnet-4-5', {
      inputTokens: 1200,
      outputTokens: 567,
    });
    expect(sessionCostUsd({ usage: spent, models: [] })).toBeCloseTo(
      (1200 * 3 + 567 * 15) / 1e6,
      12,
    );
    const withUnknown = withSpent(spent, 'my-local-llm', { inputTokens: 10, outputTokens: 1 });
    expect(sessionCostUsd({ usage: withUnknown, models: [] })).toBeUndefined();
    const priced: ConfiguredModel = {
      name: 'mine',
      provider: 'openai',
      model: 'my-local-llm',
      purposes: [],
      pricing: { input: 0, output: 0 },
    };
    expect(sessionCostUsd({ usage: withUnknown, models: [priced] })).toBeCloseTo(
      (1200 * 3 + 567 * 15) / 1e6,
      12,
    );
  });
});
