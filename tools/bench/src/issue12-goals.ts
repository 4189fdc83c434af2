// Issue 12's and 27's goals, as ratios measured in the same run (the machines are noisy, so
// seconds and bytes alone mean little). Each row's `bar` is the goal; `aim`, where the issue names
// one, is the further target. The terminal rows are taken against Claude Code run beside Wave
// (peers/claude-code.ts) and Codex (peers/codex.ts); where neither can run, against the floor, with the peer's ratio from the
// issue's own table.

export interface Goal {
  /** The row's ratio must be at most this. */
  readonly bar: number;
  /** A further target, when the issue names one. */
  readonly aim?: number;
  /** The goal in the issue's words. */
  readonly text: string;
}

/** Issue 12's table: Claude Code's interactive CPU 1.78 s, its floor's headless CPU 0.52 s. */
const CLAUDE_CODE_UI_CPU_RATIO = 1.78 / 0.52;
/** Claude Code's 87 KB to the terminal, for the issue's 48 KB reply. */
const CLAUDE_CODE_UI_BYTES_RATIO = 87 / 48;
/** Codex CLI's 144 MB peak RSS, beside the floor's 85 MB. */
const CODEX_RSS_RATIO = 144 / 85;
/** Issue 27: CPU in the first 5 s idle at the prompt, at most this (Codex 0.01 s). */
export const IDLE_CPU_BUDGET_SECONDS = 0.02;

export const ISSUE12_GOALS = {
  headlessCpu: { bar: 1.3, text: '≤ 1.3× floor' },
  firstByte: { bar: 1.3, text: '≤ 1.3× floor' },
  peakRss: { bar: CODEX_RSS_RATIO, text: `≤ 144 MB (Codex; ${CODEX_RSS_RATIO.toFixed(2)}× floor)` },
  uiCpu: { bar: 1, aim: 0.5, text: '< Claude Code, aim half of it' },
  uiCpuFloor: {
    bar: CLAUDE_CODE_UI_CPU_RATIO,
    aim: CLAUDE_CODE_UI_CPU_RATIO / 2,
    text: `< Claude Code (${CLAUDE_CODE_UI_CPU_RATIO.toFixed(1)}× floor), aim ${(CLAUDE_CODE_UI_CPU_RATIO / 2).toFixed(1)}×`,
  },
  uiBytes: { bar: 1, text: '≤ Claude Code' },
  uiCpuCodex: { bar: 1, text: '< Codex' },
  uiBytesCodex: { bar: 1, text: '≤ Codex' },
  uiBytesFloor: {
    bar: CLAUDE_CODE_UI_BYTES_RATIO,
    aim: 1.2,
    text: `≤ Claude Code (${CLAUDE_CODE_UI_BYTES_RATIO.toFixed(2)}× reply), aim 1.2×`,
  },
  idleCpu: { bar: 1, text: `≤ ${IDLE_CPU_BUDGET_SECONDS} s (ratio to that budget)` },
} as const satisfies Record<string, Goal>;

export type Issue12Row = keyof typeof ISSUE12_GOALS;

/** "met", "missed", or "aim met" when the further target is reached too. */
export function goalMark(goal: Goal, ratio: number): string {
  if (goal.aim !== undefined && ratio <= goal.aim) return 'aim met';
  return ratio <= goal.bar ? 'met' : 'missed';
}

/**
 * The web UI's goals (issue 27: issue 13 left them without), as ratios to the floor's headless
 * CPU: the page's main thread (layout and paint included) within Claude Code's terminal ratio of
 * issue 12's table, the server as light as headless Wave is asked to be.
 */
export const WEB_GOALS = {
  mainThread: {
    bar: CLAUDE_CODE_UI_CPU_RATIO,
    text: `≤ Claude Code's terminal (${CLAUDE_CODE_UI_CPU_RATIO.toFixed(1)}× floor)`,
  },
  serverCpu: { bar: 1.3, text: '≤ 1.3× floor' },
} as const satisfies Record<string, Goal>;

/**
 * The soak's goals (issue 27): a delta and a keystroke at the end of a 300-turn session cost at
 * most 1.2× what they cost on its first turn; the session file grows per turn by at most twice
 * the tool's output (the output is stored once, with the events around it); the heap grows per
 * turn by at most 1.5× what the session file does (the session's content, held about once: the
 * conversation's state and the model's history share the tool's output; nothing kept per event);
 * the process's RSS, after a collection with the whole session held, at most twice what
 * it was before.
 */
export const SOAK_GOALS = {
  step: { bar: 1.2, text: '≤ 1.2× the start' },
  filePerTurn: { bar: 2, text: "≤ 2× the turn's tool output" },
  heapPerTurn: { bar: 1.5, text: "≤ 1.5× the session file's bytes per turn" },
  rss: { bar: 2, text: '≤ 2× before the soak' },
  /**
   * A Bash call printing far more than the model gets: the file holds its bounded output about
   * twice (the live view's and the end's, each with JSON's escapes), not all it printed.
   */
  bashFilePerTurn: { bar: 3, text: "≤ 3× the call's bounded output" },
} as const satisfies Record<string, Goal>;

/**
 * Issue 27: three subagents streaming at once under the terminal UI cost at most 1.5× the CPU of
 * one stream of the same words, and show every word of every thread exactly once.
 */
export const SUBAGENT_GOALS = {
  cpu: { bar: 1.5, text: '≤ 1.5× one stream of the same words' },
} as const satisfies Record<string, Goal>;

/**
 * Issue 24's `@` completion on 50,000 files, as ratios to `git ls-files` run alone: the first
 * query (which runs git ls-files itself, then builds and ranks the index) within twice the floor;
 * a later query, ranking the built index only, within half of it (it must feel instant while the
 * user types, and never cost a process).
 */
export const FIND_FILES_GOALS = {
  cold: { bar: 2, text: '≤ 2× git ls-files' },
  warm: { bar: 0.5, text: '≤ 0.5× git ls-files' },
} as const satisfies Record<string, Goal>;

/**
 * Issue 44's long history (5,000 turns with tool calls, ~30 MB): opening it within twice the time
 * to read and parse the file's lines, the memory it takes within three times the file's size, and
 * `/resume`'s list of 1,000 sessions within twice reading their first lines.
 */
export const LONG_HISTORY_GOALS = {
  open: { bar: 2, text: '≤ 2× read + JSON.parse of the lines' },
  memory: { bar: 3, text: "≤ 3× the file's size" },
  list: { bar: 2, text: '≤ 2× reading the first lines' },
} as const satisfies Record<string, Goal>;
