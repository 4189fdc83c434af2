// The frame update must leave a terminal (xterm, headless) exactly as erasing the old frame and
// writing the new one whole does: same rows, same scrollback, same cursor, the history above
// untouched; also when the frame grows or shrinks at the bottom of a full screen, and when the
// update starts with new history. (A pty turns "\n" into "\r\n"; convertEol does that here.)
import xtermHeadless from '@xterm/headless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameUpdate } from './frame-diff.js';

const { Terminal } = xtermHeadless;
const ESC = '\u001B[';
const COLUMNS = 40;
const ROWS = 12;

/** ansi-escapes' eraseLines(n), as Ink writes it. */
const eraseLines = (n: number): string =>
  n === 0 ? '' : `${`${ESC}2K${ESC}1A`.repeat(n - 1)}${ESC}2K${ESC}G`;

interface Screen {
  /** Every line the terminal holds, scrollback first, trailing spaces dropped. */
  readonly lines: string[];
  readonly cursor: number[];
}

async function screenAfter(...writes: string[]): Promise<Screen> {
  const terminal = new Terminal({
    cols: COLUMNS,
    rows: ROWS,
    scrollback: 1000,
    allowProposedApi: true,
    convertEol: true,
  });
  for (const data of writes) await new Promise<void>((done) => terminal.write(data, done));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  for (let row = 0; row < buffer.length; row++) {
    lines.push(buffer.getLine(row)?.translateToString(true) ?? '');
  }
  const cursor = [buffer.cursorX, buffer.cursorY, buffer.baseY];
  terminal.dispose();
  return { lines, cursor };
}

const frameLine = fc
  .tuple(
    fc.constantFrom(
      '',
      'status · 5s',
      'status · 15s',
      'stream these words',
      'stream these',
      '> Type a message',
      '────',
      '日本語 text',
      'caf\u00e9 e\u0301',
    ),
    fc.boolean(),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([text, dim, extra]) => {
    const line = (text + ' more'.repeat(extra)).slice(0, COLUMNS - 4);
    return dim ? `${ESC}2m${line}${ESC}22m` : line;
  });
const lines = (max: number) => fc.array(frameLine, { minLength: 0, maxLength: max });
// More history than the screen holds, at times: its top then scrolls away as it is written.
const frame = fc
  .array(frameLine, { minLength: 1, maxLength: 8 })
  .map((all) => `${all.join('\n')}\n`);
const historyLines = fc
  .integer({ min: 0, max: 20 })
  .map((count) => Array.from({ length: count }, (_, index) => `history ${index}\n`).join(''));

describe('frameUpdate', () => {
  it('leaves the screen as erasing and writing the whole frame does', async () => {
    await fc.assert(
      fc.asyncProperty(historyLines, frame, frame, async (history, previous, next) => {
        const update = frameUpdate(previous, next, COLUMNS, ROWS);
        expect(update).toBeDefined();
        const diffed = await screenAfter(history, previous, update!);
        const whole = await screenAfter(
          history,
          previous,
          eraseLines(previous.split('\n').length) + next,
        );
        expect(diffed).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('also when the update begins with new history (Ink writes both in one update)', async () => {
    await fc.assert(
      fc.asyncProperty(
        historyLines,
        frame,
        lines(16),
        frame,
        async (history, previous, written, next) => {
          // What the live area showed is often what goes to the history: its top lines.
          const added = written.length > 0 ? `${written.join('\n')}\n` : '';
          const update = frameUpdate(previous, added + next, COLUMNS, ROWS);
          expect(update).toBeDefined();
          const diffed = await screenAfter(history, previous, update!);
          const whole = await screenAfter(
            history,
            previous,
            eraseLines(previous.split('\n').length) + added + next,
          );
          expect(diffed).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sends only the end of the line that changed while a reply streams', () => {
    const status = 'model · 5.1k tokens · working 7s';
    const previous = `text line one\ntext line tw\n────\n> Type a message\n${status}\n`;
    const next = previous.replace('text line tw', 'text line two');
    expect(frameUpdate(previous, next, COLUMNS)).toBe(`${ESC}4A${ESC}13Go${ESC}4B\r`);
  });

  it('pushes the lines below down when the text takes a new line, without sending them', () => {
    const chrome = '────\n> Type a message\nmodel · working 7s\n';
    const previous = `one two three\n${chrome}`;
    const next = `one two three four\nfive\n${chrome}`;
    expect(frameUpdate(previous, next, COLUMNS)).toBe(
      `\n${ESC}5A${ESC}14G four\n${ESC}1L\rfive${ESC}4B\r`,
    );
  });

  it('sends nothing of history that the live area already showed', () => {
    const chrome = '────\n> Type a message\n';
    const paragraph = 'a paragraph that ends\n\n';
    const update = frameUpdate(
      `${paragraph}next one\n${chrome}`,
      `${paragraph}next one\n${chrome}`,
      COLUMNS,
    );
    expect(update).toBe('');
  });

  it('gives up when a line would wrap, or the frame on screen is taller than the screen', () => {
    expect(frameUpdate(`${'x'.repeat(COLUMNS + 1)}\n`, 'short\n', COLUMNS)).toBeUndefined();
    expect(frameUpdate('short\n', `${'x'.repeat(COLUMNS + 1)}\n`, COLUMNS)).toBeUndefined();
    expect(frameUpdate('short\n', 'no newline at the end', COLUMNS)).toBeUndefined();
    expect(frameUpdate('a\nb\nc\n', 'short\n', COLUMNS, 3)).toBeUndefined();
  });
});
