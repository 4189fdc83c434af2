import { describe, expect, it } from 'vitest';
import { anthropicThinkingModel } from './anthropic-thinking-style.js';

describe('which thinking a Claude model takes', () => {
  it.each([
    ['claude-sonnet-4-5', 'budget', 64_000],
    ['claude-sonnet-4-5-20250929', 'budget', 64_000],
    ['claude-haiku-4-5', 'budget', 64_000],
    ['claude-opus-4-5', 'budget', 64_000],
    ['claude-sonnet-4-20250514', 'budget', 64_000],
    ['claude-opus-4-1', 'budget', 32_000],
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'budget', 64_000],
    ['claude-sonnet-4-5@20250929', 'budget', 64_000],
    ['claude-sonnet-4-6', 'adaptive', 128_000],
    ['claude-opus-4-6', 'adaptive', 128_000],
    ['claude-opus-4-7', 'adaptive', 128_000],
    ['claude-sonnet-5', 'adaptive', 128_000],
    ['claude-3-5-haiku-latest', 'none', 8192],
    ['claude-3-7-sonnet-20250219', 'none', 8192],
    ['mock-model', 'none', 8192],
  ] as const)('%s: %s', (model, style, outputCeiling) => {
    expect(anthropicThinkingModel(model)).toEqual({ style, outputCeiling });
  });
});
