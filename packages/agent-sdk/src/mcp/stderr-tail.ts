// The end of what a server wrote to stderr, kept (bounded) only to say why it failed. What it
// says is its last meaningful words: a thrown error's own line (`Error: cannot open …`, Python's
// `ValueError: …`) when there is one, since Node's report of an uncaught error ends with its
// stack and a `Node.js v20.x` banner that say nothing about why; otherwise its last few lines
// less blank ones, stack frames and that banner.

/** How much of a server's stderr is kept. */
const STDERR_TAIL_CHARS = 4000;
/** How many lines are said when no thrown error's line is found. */
const LAST_LINES = 3;
const MAX_SAID_CHARS = 300;

/** `Error: …`, `TypeError [ERR_X]: …`, `ValueError: …`, `java.io.IOException: …` at a line's start. */
const THROWN = /^(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)(?: \[[\w-]+\])?: \S/;
const STACK_FRAME = /^\s+at\s|^\s+File "|^Traceback \(most recent call last\):$/;
const NODE_BANNER = /^Node\.js v\d+\.\d+/;

/** The last meaningful words of a stderr text, or '' when it said nothing useful. */
export function lastMeaningfulWords(text: string): string {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const thrown = lines.findLastIndex((line) => THROWN.test(line));
  const said =
    thrown !== -1
      ? [lines[thrown] ?? '']
      : lines
          .filter(
            (line) => line.trim() !== '' && !STACK_FRAME.test(line) && !NODE_BANNER.test(line),
          )
          .slice(-LAST_LINES)
          .map((line) => line.trim());
  const joined = said.join(' / ');
  return joined.length > MAX_SAID_CHARS ? `${joined.slice(0, MAX_SAID_CHARS)}…` : joined;
}

export class StderrTail {
  private text = '';

  append(chunk: string): void {
    this.text = (this.text + chunk).slice(-STDERR_TAIL_CHARS);
  }

  /** Its last meaningful words, as `; its last words on stderr: …` (empty when it said nothing). */
  said(): string {
    const words = lastMeaningfulWords(this.text);
    return words ? `; its last words on stderr: ${words}` : '';
  }
}
