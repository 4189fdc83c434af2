// Runs the freeze planner once per change of its input and keeps its state between renders.
// The state is React state updated during render ("storing information from previous
// renders"), so a render React repeats computes nothing twice and appends nothing twice.

import { useState } from 'react';
import type { Plan, PlanInput } from '../freeze/freeze-planner.js';
import { initialFreezeState, planFreeze } from '../freeze/freeze-planner.js';

function sameInput(a: PlanInput, b: PlanInput): boolean {
  return (
    a.messages === b.messages &&
    a.notes === b.notes &&
    a.removals === b.removals &&
    a.area.columns === b.area.columns &&
    a.area.rows === b.area.rows
  );
}

/**
 * The current plan. While `paused` (the expanded view is up) nothing new is written to the
 * history: the last plan is kept, and the next one catches up from the current messages.
 */
export function useFreezePlan(input: PlanInput, paused: boolean): Plan {
  const [memo, setMemo] = useState(() => ({ input, plan: planFreeze(input, initialFreezeState) }));
  if (paused || sameInput(memo.input, input)) return memo.plan;
  const plan = planFreeze(input, memo.plan.state);
  setMemo({ input, plan });
  return plan;
}
