// Every tool call ends soon after an abort, even one whose work does not stop (a read stuck in
// the kernel, a library that ignores the signal): after a grace period the call gives up waiting
// and reports that, so the turn ends and the user gets the prompt back. Tools that do honour the
// signal (Bash kills its process group within its own 2 s grace) finish well inside it.
import { formatCount } from './bounded-output.js';
import type { ToolResult } from './tool.js';

export const ABORT_GRACE_MS = 5_000;

export function settleSoonAfterAbort(
  toolName: string,
  work: Promise<ToolResult>,
  signal: AbortSignal,
  graceMs = ABORT_GRACE_MS,
): Promise<ToolResult> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const givenUp = new Promise<ToolResult>((resolve) => {
    onAbort = () => {
      timer = setTimeout(
        () =>
          resolve({
            isError: true,
            output: `${toolName} did not stop within ${formatCount(graceMs)} ms of the abort; Wave stopped waiting for it.`,
          }),
        graceMs,
      );
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, givenUp]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  });
}
