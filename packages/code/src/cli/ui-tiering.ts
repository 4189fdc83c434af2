// The interactive UI's V8 tiering. A streamed reply runs small pieces of code once per frame or
// per chunk (a render, a row diff, a reduction), and V8 by default sends each to TurboFan after a
// little bytecode (132 KB of it): ~180 optimising compiles in one 2,000-chunk stream, on V8's
// worker threads, most for code whose work per call is too small to pay the compile back. A four
// times larger budget before a function is looked at again leaves those in the interpreter and
// Sparkplug; code that is really hot still reaches TurboFan, a little later. Measured in
// `BENCH_ONLY=issue12 pnpm bench` (the interactive row): ~15 % less CPU for the stream.
// Only the interactive UI sets it: print mode measured no difference.
import { setFlagsFromString } from 'node:v8';

/** Bytecode a function runs between V8's tiering checks in the UI (V8's default: 132 KB). */
export const UI_INTERRUPT_BUDGET = 512 * 1024;

/**
 * V8 reads the budget each time it re-arms a function's counter, so code loaded before this
 * call follows it from its next check on.
 */
export function tuneTieringForUi(): void {
  setFlagsFromString(`--interrupt-budget=${UI_INTERRUPT_BUDGET}`);
}
