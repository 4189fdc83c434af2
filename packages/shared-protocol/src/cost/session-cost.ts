// What a session's tokens cost: each model's usage at its price, the configured entry's
// `pricing` first, then the list prices (price-table.ts). A model with no known price makes the
// cost unknown: undefined, never a guess.
import type { Usage } from '../messages.js';
import type { ConfiguredModel } from '../rpc/configured-models.js';
import type { SessionState } from '../session/session-state.js';
import type { ModelPricing } from './model-pricing.js';
import { PRICE_TABLE } from './price-table.js';

/** The list price of `modelId`: its exact id, or the longest known id it extends by a suffix. */
export function listPrice(modelId: string): ModelPricing | undefined {
  // "anthropic/claude-sonnet-4.5" (a router's name) → "claude-sonnet-4-5" for Claude's ids.
  const bare = modelId.slice(modelId.lastIndexOf('/') + 1).toLowerCase();
  const id = bare.startsWith('claude-') ? bare.replace(/(\d)\.(\d)/g, '$1-$2') : bare;
  let best: string | undefined;
  for (const known of Object.keys(PRICE_TABLE)) {
    const extends_ = id === known || /^[-@:]/.test(id.slice(known.length));
    if (id.startsWith(known) && extends_ && known.length > (best?.length ?? 0)) best = known;
  }
  return best === undefined ? undefined : PRICE_TABLE[best];
}

/** The price of `modelId`: a configured entry's `pricing` for that model id wins. */
export function priceOf(
  modelId: string,
  configured: readonly ConfiguredModel[],
): ModelPricing | undefined {
  const entry = configured.find((model) => model.model === modelId && model.pricing);
  return entry?.pricing ?? listPrice(modelId);
}

/** Input tokens neither read from nor written to the prompt cache. */
export function uncachedInput(usage: Usage): number {
  return Math.max(
    0,
    usage.inputTokens - (usage.cachedInputTokens ?? 0) - (usage.cacheWriteTokens ?? 0),
  );
}

/** US dollars for `usage` at `price`. */
export function costOf(usage: Usage, price: ModelPricing): number {
  const dollars =
    uncachedInput(usage) * price.input +
    usage.outputTokens * price.output +
    (usage.cachedInputTokens ?? 0) * (price.cacheRead ?? price.input) +
    (usage.cacheWriteTokens ?? 0) * (price.cacheWrite ?? price.input);
  return dollars / 1_000_000;
}

/** The session's cost in US dollars; undefined when a model it used has no known price. */
export function sessionCostUsd(state: Pick<SessionState, 'usage' | 'models'>): number | undefined {
  let total = 0;
  for (const [model, usage] of Object.entries(state.usage.byModel)) {
    const price = priceOf(model, state.models);
    if (price === undefined) return undefined;
    total += costOf(usage, price);
  }
  return total;
}
