// Fenced code blocks (``` or ~~~), the one construct text is never split inside.

export interface Fence {
  readonly char: '`' | '~';
  readonly length: number;
  /** The opening line as written (with its language), to reopen the fence after a cut. */
  readonly line: string;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

export function parseFenceOpen(line: string): Fence | undefined {
  const match = FENCE_OPEN.exec(line);
  const marker = match?.[1];
  if (marker === undefined) return undefined;
  const char = marker[0] === '~' ? '~' : '`';
  // A backtick fence's info string may not contain a backtick (CommonMark).
  if (char === '`' && (match?.[2] ?? '').includes('`')) return undefined;
  return { char, length: marker.length, line };
}

export function isFenceClose(line: string, fence: Fence): boolean {
  const trimmed = line.trim();
  if (line.length - line.trimStart().length > 3) return false;
  return trimmed.length >= fence.length && [...trimmed].every((char) => char === fence.char);
}
