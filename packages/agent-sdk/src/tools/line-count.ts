// Counting lines the way people do: a trailing newline ends the last line, it does not start one.
import { formatCount } from './bounded-output.js';

export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}

/** `1 line`, `3 lines`. */
export function linesLabel(count: number): string {
  return count === 1 ? '1 line' : `${formatCount(count)} lines`;
}
