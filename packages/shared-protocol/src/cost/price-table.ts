// The list prices of the models Wave knows, in US dollars per million tokens (standard tier, no
// batch discount; Anthropic's cache write is the 5-minute one, what Wave's calls write).
// Sources, read 2026-12-05:
//   Anthropic: https://platform.claude.com/docs/en/about-claude/pricing
//   OpenAI:    https://platform.openai.com/docs/pricing (no charge for cache writes: the input price)
// A model not here costs "unknown" (never a guess); a settings `models` entry's `pricing` wins.
import type { ModelPricing } from './model-pricing.js';

const OPUS_4: ModelPricing = { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 };
const OPUS_4_5: ModelPricing = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };
const SONNET: ModelPricing = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const HAIKU_4_5: ModelPricing = { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 };
const HAIKU_3_5: ModelPricing = { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 };

/** By model id as the provider names it, without a date suffix (matched in known-price.ts). */
export const PRICE_TABLE: Readonly<Record<string, ModelPricing>> = {
  'claude-opus-4-5': OPUS_4_5,
  'claude-opus-4-1': OPUS_4,
  'claude-opus-4-0': OPUS_4,
  'claude-opus-4': OPUS_4,
  'claude-sonnet-4-5': SONNET,
  'claude-sonnet-4-0': SONNET,
  'claude-sonnet-4': SONNET,
  'claude-3-7-sonnet': SONNET,
  'claude-haiku-4-5': HAIKU_4_5,
  'claude-3-5-haiku': HAIKU_3_5,
  'gpt-5.1': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
  'gpt-5': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
  'gpt-5-codex': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
  'gpt-5-mini': { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0.25 },
  'gpt-5-nano': { input: 0.05, output: 0.4, cacheRead: 0.005, cacheWrite: 0.05 },
  'gpt-4.1': { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0.4 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4, cacheRead: 0.025, cacheWrite: 0.1 },
  'gpt-4o': { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 2.5 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0.15 },
  o1: { input: 15, output: 60, cacheRead: 7.5, cacheWrite: 15 },
  o3: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
  'o3-mini': { input: 1.1, output: 4.4, cacheRead: 0.55, cacheWrite: 1.1 },
  'o4-mini': { input: 1.1, output: 4.4, cacheRead: 0.275, cacheWrite: 1.1 },
};
