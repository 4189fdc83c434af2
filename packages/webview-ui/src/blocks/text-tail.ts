// The last lines of a text that may be long (a command's output while it runs): found from the
// end, so the cost is the size of the tail, not of the text.

export interface TextTail {
  readonly text: string;
  /** Lines before the tail that are not shown. */
  readonly hiddenLines: number;
}

export function tailLines(text: string, maxLines: number): TextTail {
  const trimmed = text.endsWith('\n') ? text.slice(0, -1) : text;
  let cut = trimmed.length;
  for (let shown = 0; shown < maxLines; shown++) {
    const newline = trimmed.lastIndexOf('\n', cut - 1);
    if (newline === -1) return { text: trimmed, hiddenLines: 0 };
    cut = newline;
  }
  const head = trimmed.slice(0, cut);
  let hidden = 1;
  for (let at = head.indexOf('\n'); at !== -1; at = head.indexOf('\n', at + 1)) hidden++;
  return { text: trimmed.slice(cut + 1), hiddenLines: hidden };
}

/** The end of a one-line text, with an ellipsis when cut. */
export function tailChars(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length <= max ? line : `…${line.slice(line.length - max + 1)}`;
}
