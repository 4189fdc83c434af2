// What a tool call answers the model (its own file, so tool.ts and tool-session.ts, which both
// need it, do not import each other).
export interface ToolResult {
  /** What the model reads. Bounded by the tool itself, with a note when cut. */
  readonly output: string;
  /** True when the call failed; the output then says what went wrong and what to do. */
  readonly isError?: boolean;
}
