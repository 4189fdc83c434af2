// The frame update must leave a terminal (xterm, headless) exactly as erasing the old frame and
// writing the new one whole does: same rows, same cursor, the history above untouched. (A pty
// turns "\n" into "\r\n"; convertEol does that here.)
import xtermHeadless from '@xterm/headless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameUpdate } from './frame-diff.js';

const { Terminal } = xtermHeadless;
const ESC = '\u001B[';
const COLUMNS = 40;
const HISTORY = 'history one\nhistory two\n';

/** ansi-escapes' eraseLines(n), as Ink writes it. */
const eraseLines = (n: number): string =>
  n === 0 ? '' : `${`${ESC}2K${ESC}1A`.repeat(n - 1)}${ESC}2K${ESC}G`;

async function screenAfter(...writes: string[]): Promise<{ rows: string[]; cursor: number[] }> {
  const terminal = new Terminal({
    cols: COLUMNS,
    rows: 30,
    allowProposedApi: true,
    convertEol: true,
  });
  for (const data of writes) await new Promise<void>((done) => terminal.write(data, done));
  const buffer = terminal.buffer.active;
  const rows: string[] = [];
  for (let row = 0; row < terminal.rows; row++) {
    rows.push(buffer.getLine(row)?.translateToString(true) ?? '');
  }
  const cursor = [buffer.cursorX, buffer.cursorY];
  terminal.dispose();
  return { rows, cursor };
}

const frameLine = fc
  .tuple(
    fc.constantFrom('', 'status · 5s', 'stream these words', '> Type a message', '────'),
    fc.boolean(),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([text, dim, extra]) => {
    const line = (text + ' more'.repeat(extra)).slice(0, COLUMNS);
    return dim ? `${ESC}2m${line}${ESC}22m` : line;
  });
const frame = fc
  .array(frameLine, { minLength: 1, maxLength: 8 })
  .map((lines) => `${lines.join('\n')}\n`);

describe('frameUpdate', () => {
  it('leaves the screen as erasing and writing the whole frame does', async () => {
    await fc.assert(
      fc.asyncProperty(frame, frame, async (previous, next) => {
        const update = frameUpdate(previous, next, COLUMNS);
        expect(update).toBeDefined();
        const diffed = await screenAfter(HISTORY, previous, update!);
        const whole = await screenAfter(
          HISTORY,
          previous,
          eraseLines(previous.split('\n').length) + next,
        );
        expect(diffed).toEqual(whole);
      }),
      { numRuns: 150 },
    );
  });

  it('sends only the line that changed while a reply streams', () => {
    const status = 'model · 5.1k tokens · working 7s';
    const previous = `text line one\ntext line tw\n────\n> Type a message\n${status}\n`;
    const next = previous.replace('text line tw', 'text line two');
    expect(frameUpdate(previous, next, COLUMNS)).toBe(`${ESC}4A\r${ESC}2Ktext line two${ESC}4B\r`);
  });

  it('gives up when a line would wrap: the rows on screen are not the lines', () => {
    expect(frameUpdate(`${'x'.repeat(COLUMNS + 1)}\n`, 'short\n', COLUMNS)).toBeUndefined();
    expect(frameUpdate('short\n', `${'x'.repeat(COLUMNS + 1)}\n`, COLUMNS)).toBeUndefined();
    expect(frameUpdate('short\n', 'no newline at the end', COLUMNS)).toBeUndefined();
  });
});
