// Keeping what a tool returns within a size the model can take: long output keeps its head and
// its tail (where commands print their summary and errors) and says how much was cut between.
import { formatCount } from '@wave-agent/shared-protocol';

// The tools' notes count with the protocol's formatCount, importable from here beside the bounds.
export { formatCount };

/** The most characters any tool returns to the model. */
export const MAX_TOOL_OUTPUT_CHARS = 30_000;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** Where to cut `text` to keep at most `length` characters without splitting a surrogate pair. */
export function safeCutIndex(text: string, length: number): number {
  if (length <= 0 || length >= text.length) return Math.max(0, Math.min(length, text.length));
  return isHighSurrogate(text.charCodeAt(length - 1)) ? length - 1 : length;
}

/**
 * Text of any length, held in bounded memory: the first half of the budget keeps the start, the
 * second half a rolling window of the end, and what falls between is only counted. Streaming
 * output (Bash) appends chunk by chunk; whole strings go through `boundOutput`.
 */
export class BoundedOutput {
  private head = '';
  private headFull = false;
  private tail = '';
  private cutChars = 0;
  private cutLineBreaks = 0;
  private readonly maxChars: number;
  private readonly headLimit: number;

  constructor(maxChars: number = MAX_TOOL_OUTPUT_CHARS) {
    if (maxChars < 2)
      throw new RangeError(`BoundedOutput needs at least 2 characters, got ${maxChars}.`);
    this.maxChars = maxChars;
    this.headLimit = Math.ceil(maxChars / 2);
  }

  append(text: string): void {
    let rest = text;
    if (!this.headFull) {
      const room = this.headLimit - this.head.length;
      if (rest.length <= room) {
        this.head += rest;
        return;
      }
      const split = safeCutIndex(rest, room);
      this.head += rest.slice(0, split);
      this.headFull = true;
      rest = rest.slice(split);
    }
    this.tail += rest;
    // The tail gets what the head left: a head that stopped short of a surrogate pair leaves one
    // more, so a text that fits the budget is never cut.
    const excess = this.tail.length - (this.maxChars - this.head.length);
    if (excess > 0) {
      // Never start the kept tail with the second half of a surrogate pair.
      const cut = isLowSurrogate(this.tail.charCodeAt(excess)) ? excess + 1 : excess;
      const dropped = this.tail.slice(0, cut);
      this.cutChars += dropped.length;
      this.cutLineBreaks += countLineBreaks(dropped);
      this.tail = this.tail.slice(cut);
    }
  }

  /** True once anything has been cut. */
  get wasCut(): boolean {
    return this.cutChars > 0;
  }

  /** Up to `maxChars` of the most recent text (never reaching across the cut). */
  recentText(maxChars: number): string {
    if (this.tail.length >= maxChars) return this.tail.slice(this.tail.length - maxChars);
    const fromHead = maxChars - this.tail.length;
    return this.head.slice(Math.max(0, this.head.length - fromHead)) + this.tail;
  }

  toString(): string {
    if (!this.wasCut) return this.head + this.tail;
    const lines = this.cutLineBreaks > 0 ? ` (${formatCount(this.cutLineBreaks)} lines)` : '';
    const note = `[... ${formatCount(this.cutChars)} characters${lines} cut from the middle of this output ...]`;
    return `${this.head}\n\n${note}\n\n${this.tail}`;
  }
}

/** `text` if it fits in `maxChars`, else its head and tail with a note saying how much was cut. */
export function boundOutput(text: string, maxChars: number = MAX_TOOL_OUTPUT_CHARS): string {
  const output = new BoundedOutput(maxChars);
  output.append(text);
  return output.toString();
}

/** The marker that ends a line shown only in part. */
export function lineCutMarker(cutChars: number): string {
  return `... [line truncated: ${formatCount(cutChars)} more characters]`;
}

/** One line, cut to `maxChars` with a marker when longer. */
export function capLine(line: string, maxChars: number): string {
  if (line.length <= maxChars) return line;
  const cut = safeCutIndex(line, maxChars);
  return line.slice(0, cut) + lineCutMarker(line.length - cut);
}
