// /usage (and its alias /cost) in every UI: the session's tokens and cost per model, in Claude
// Code's words ("claude-sonnet-4-5: 1.2k input, 567 output, 0 cache read, 0 cache write ($0.0122)").
import type { Usage } from '../messages.js';
import type { SessionState } from '../session/session-state.js';
import { costOf, priceOf, sessionCostUsd, uncachedInput } from '../cost/session-cost.js';
import { shortCount } from './short-count.js';

export const NO_PRICE =
  'unknown: Wave knows no price for this model; give its entry in settings\' "models" a "pricing" ({"input": …, "output": …, "cacheRead": …, "cacheWrite": …} in US dollars per million tokens)';

/** Dollars as Claude Code shows them: four decimals under half a dollar, else two. */
export function dollars(amount: number): string {
  return `$${amount > 0.5 ? amount.toFixed(2) : amount.toFixed(4)}`;
}

function tokens(usage: Usage): string {
  return [
    `${shortCount(uncachedInput(usage))} input`,
    `${shortCount(usage.outputTokens)} output`,
    `${shortCount(usage.cachedInputTokens ?? 0)} cache read`,
    `${shortCount(usage.cacheWriteTokens ?? 0)} cache write`,
  ].join(', ');
}

export function usageText(state: Pick<SessionState, 'usage' | 'models'>): string {
  const models = Object.entries(state.usage.byModel);
  if (models.length === 0) return 'No model calls in this session yet: nothing spent.';
  const total = sessionCostUsd(state);
  const lines = [
    `Total cost: ${total === undefined ? 'unknown' : dollars(total)}`,
    'Usage by model:',
  ];
  for (const [model, usage] of models) {
    const price = priceOf(model, state.models);
    const cost = price === undefined ? NO_PRICE : dollars(costOf(usage, price));
    lines.push(`  ${model}: ${tokens(usage)} (${cost})`);
  }
  return lines.join('\n');
}
