// What a terminal shows, from the bytes a program wrote to it: they are fed to a headless xterm
// (its scrollback large enough for the whole run), resized when the pty is, and read back as
// text, scrollback and screen, with rows the terminal wrapped joined again. Used to check that
// the UI showed every word of a reply exactly once.
import xtermHeadless from '@xterm/headless';

const { Terminal } = xtermHeadless;

export class ScreenText {
  private readonly terminal: InstanceType<typeof Terminal>;
  private parsed: Promise<void> = Promise.resolve();

  constructor(columns: number, rows: number) {
    this.terminal = new Terminal({
      cols: columns,
      rows,
      scrollback: 100_000,
      allowProposedApi: true,
    });
  }

  /** Bytes the program wrote (a pty turns its "\n" into "\r\n" already). */
  write(data: string): void {
    this.parsed = new Promise((resolve) => this.terminal.write(data, resolve));
  }

  /** The terminal's size changed (call it when the pty's does, before what follows). */
  resize(columns: number, rows: number): void {
    this.terminal.resize(columns, rows);
  }

  /** Every line the terminal holds, scrollback first, wrapped rows joined. */
  async lines(): Promise<string[]> {
    await this.parsed;
    const buffer = this.terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < buffer.length; row++) {
      const line = buffer.getLine(row);
      if (!line) continue;
      const text = line.translateToString(true);
      if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
      else lines.push(text);
    }
    return lines;
  }

  dispose(): void {
    this.terminal.dispose();
  }
}

function occurrences(text: string, phrase: string): number {
  let count = 0;
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + phrase.length)) {
    count++;
  }
  return count;
}

/**
 * The problems with what `lines` show, as sentences: a phrase of `exactly` shown another number
 * of times, or one of `atMost` shown more often. Lines are joined with a space (the UI wraps at
 * spaces), so a sentence split over two lines still counts.
 */
export function countProblems(
  lines: readonly string[],
  exactly: Readonly<Record<string, number>>,
  atMost: Readonly<Record<string, number>>,
): string[] {
  const text = lines.join(' ').replace(/ +/g, ' ');
  const problems: string[] = [];
  for (const [phrase, count] of Object.entries(exactly)) {
    const shown = occurrences(text, phrase);
    if (shown !== count) problems.push(`"${phrase}" is shown ${shown} times, not ${count}`);
  }
  for (const [phrase, count] of Object.entries(atMost)) {
    const shown = occurrences(text, phrase);
    if (shown > count) problems.push(`"${phrase}" is shown ${shown} times, more than ${count}`);
  }
  return problems;
}
