// Issue 12's goals, as ratios measured in the same run (the machines are noisy, so seconds and
// bytes alone mean little). Each row's `bar` is the goal; `aim`, where the issue names one, is
// the further target. Where the issue states a goal through a peer's figures, the ratio is the
// peer's from the issue's own table (all measured side by side on one machine).

export interface Goal {
  /** The row's ratio must be at most this. */
  readonly bar: number;
  /** A further target, when the issue names one. */
  readonly aim?: number;
  /** The goal in the issue's words. */
  readonly text: string;
}

/** The issue's table: Claude Code's interactive CPU 1.78 s, its floor's headless CPU 0.52 s. */
const CLAUDE_CODE_UI_CPU_RATIO = 1.78 / 0.52;
/** Claude Code's 87 KB to the terminal, for the issue's 48 KB reply. */
const CLAUDE_CODE_UI_BYTES_RATIO = 87 / 48;
/** Codex CLI's 144 MB peak RSS, beside the floor's 85 MB. */
const CODEX_RSS_RATIO = 144 / 85;

export const ISSUE12_GOALS = {
  headlessCpu: { bar: 1.3, text: '≤ 1.3× floor' },
  firstByte: { bar: 1.3, text: '≤ 1.3× floor' },
  peakRss: { bar: CODEX_RSS_RATIO, text: `≤ 144 MB (Codex; ${CODEX_RSS_RATIO.toFixed(2)}× floor)` },
  uiCpu: {
    bar: CLAUDE_CODE_UI_CPU_RATIO,
    aim: CLAUDE_CODE_UI_CPU_RATIO / 2,
    text: `< Claude Code (${CLAUDE_CODE_UI_CPU_RATIO.toFixed(1)}× floor), aim ${(CLAUDE_CODE_UI_CPU_RATIO / 2).toFixed(1)}×`,
  },
  uiBytes: {
    bar: CLAUDE_CODE_UI_BYTES_RATIO,
    aim: 1.2,
    text: `≤ Claude Code (${CLAUDE_CODE_UI_BYTES_RATIO.toFixed(2)}× reply), aim 1.2×`,
  },
} as const satisfies Record<string, Goal>;

export type Issue12Row = keyof typeof ISSUE12_GOALS;

/** "met", "missed", or "aim met" when the further target is reached too. */
export function goalMark(goal: Goal, ratio: number): string {
  if (goal.aim !== undefined && ratio <= goal.aim) return 'aim met';
  return ratio <= goal.bar ? 'met' : 'missed';
}
