// What a log line shown to the user (stderr in the bridge modes, print mode's echo) makes of an
// Error among its details. util.format writes an Error whole, as its stack: a trace the user
// never asked for. Shown, an Error is its message; a bug's (an error the system did not report)
// also says how to see where it happened. With WAVE_DEBUG the Error is left whole. The log file
// keeps every stack (it is the record a report can attach).
import { errorText } from '@wave-agent/shared-protocol';
import { DEBUG_VARIABLE } from './debug-switch.js';
import { isSystemError } from './unexpected-error.js';

function shownError(error: Error): string {
  const what = errorText(error);
  return isSystemError(error) ? what : `${what} (${DEBUG_VARIABLE}=1 shows where it happened)`;
}

/** `details` as a shown log line formats them: Errors without their stack unless `debug`. */
export function shownDetails(details: readonly unknown[], debug: boolean): unknown[] {
  if (debug) return [...details];
  return details.map((detail) => (detail instanceof Error ? shownError(detail) : detail));
}
