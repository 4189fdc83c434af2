// --max-budget-usd: the run stops once the session's cost (sessionCostUsd, as total_cost_usd
// says it; with -r/-c what the session cost before counts too) reaches the amount. It is checked
// whenever a model call has ended, and the turn is then stopped as Ctrl-C stops it: the call
// that crosses the line is the last one (tool calls of its reply still running are stopped). A budget Wave cannot measure is not a budget: a model with no known price (no list
// price, no `pricing` in its configured entry) stops the run before anything is sent, or, when
// the turn moves to such a model, as soon as that is known.
import { priceOf, sessionCostUsd } from '@wave-agent/shared-protocol';
import type { SessionState } from '@wave-agent/shared-protocol';

function unknownPrice(maxUsd: number, model: string): string {
  return `--max-budget-usd ${maxUsd} cannot be enforced: the price of ${model} is unknown; give its configured entry a "pricing", or run without --max-budget-usd.`;
}

/** Why the run cannot start under the budget, or undefined when it can. */
export function budgetProblem(
  maxUsd: number,
  state: Pick<SessionState, 'model' | 'models'>,
): string | undefined {
  const { model } = state.model;
  return priceOf(model, state.models) === undefined ? unknownPrice(maxUsd, model) : undefined;
}

/** Why the run must stop now: the budget is spent, or can no longer be measured. */
export function budgetSpent(
  maxUsd: number,
  state: Pick<SessionState, 'usage' | 'models'>,
): string | undefined {
  const cost = sessionCostUsd(state);
  if (cost === undefined) {
    const unpriced = Object.keys(state.usage.byModel).find(
      (model) => priceOf(model, state.models) === undefined,
    );
    return unknownPrice(maxUsd, unpriced ?? 'a model this session used');
  }
  if (cost < maxUsd) return undefined;
  return `Reached maximum budget ($${maxUsd}): the session has cost $${cost.toFixed(4)}, so the run stopped.`;
}
