// The stream between Ink and the terminal, fed Ink's writes by hand (the pty tests in
// test/e2e/resize-scrollback.test.ts run it with the real Ink and a terminal emulator).
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  RESIZE_SETTLE_MS,
  reflowAwareStdout,
  rowsOfFrame,
  screenControlOf,
} from './reflow-aware-stdout.js';

const ESC = '\u001B[';
/** ansi-escapes' eraseLines(n), as Ink writes it. */
const eraseLines = (n: number): string =>
  n === 0 ? '' : `${`${ESC}2K${ESC}1A`.repeat(n - 1)}${ESC}2K${ESC}G`;
const CLEAR_ALL = `${ESC}2J${ESC}3J${ESC}H`;

class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly written: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
  write(data: string): boolean {
    this.written.push(data);
    return true;
  }
}

function setup(columns = 120, rows = 40) {
  const terminal = new FakeTerminal(columns, rows);
  // The fake stands in for a tty.WriteStream.
  const stream = reflowAwareStdout(terminal as unknown as NodeJS.WriteStream);
  return { terminal, stream };
}

const line = (width: number, char = 'x'): string => char.repeat(width);

describe('rowsOfFrame', () => {
  it('counts each line as the terminal wraps it, and the cursor line after them', () => {
    expect(rowsOfFrame(`${line(120)}\nshort\n`, 120)).toBe(3);
    expect(rowsOfFrame(`${line(120)}\nshort\n`, 90)).toBe(4);
    expect(rowsOfFrame(`${line(120)}\nshort\n`, 40)).toBe(5);
    expect(rowsOfFrame(`\u001B[1m${line(40)}\u001B[22m\n`, 40)).toBe(2);
    // A wide character that does not fit moves to the next row.
    expect(rowsOfFrame(`${line(39)}漢\n`, 40)).toBe(3);
    expect(rowsOfFrame('', 40)).toBe(0);
  });
});

describe('reflowAwareStdout', () => {
  it('while the size stays, sends only the lines of a frame that changed', () => {
    const { terminal, stream } = setup();
    const frame = `${line(120)}\nprompt\nstatus 1s\n`;
    stream.write(frame);
    stream.write(eraseLines(4) + frame.replace('1s', '2s'));
    expect(terminal.written).toEqual([frame, `${ESC}1A${ESC}8G2\n`]);
  });

  it('counts each erase at the width the terminal has now (a frame wrapped by it takes more rows)', () => {
    const { terminal, stream } = setup(120);
    stream.write(`${line(120)}\nprompt\n`);
    terminal.columns = 90;
    stream.write(`${eraseLines(3)}${line(90)}\nprompt\n`);
    expect(terminal.written.at(-1)).toBe(`${eraseLines(4)}${line(90)}\nprompt\n`);
    // Widened again, the frame on screen fits a row a line: only its changed line is sent.
    terminal.columns = 120;
    stream.write(`${eraseLines(3)}${line(120)}\nprompt\n`);
    expect(terminal.written.at(-1)).toBe(`${ESC}2A${ESC}91G${line(30)}\n\n`);
  });

  it('sends an update of history and frame (one synchronized update) as the rows that differ', () => {
    const { terminal, stream } = setup(40, 20);
    const chrome = '> prompt\nstatus 1s\n';
    stream.write(`first paragraph\n\nsecond para\n${chrome}`);
    // Ink's writes for new history, bracketed: erase the frame, the history, the frame.
    const BEGIN = `${ESC}?2026h`;
    const END = `${ESC}?2026l`;
    for (const data of [
      BEGIN,
      eraseLines(6),
      'first paragraph\n\n',
      `second paragraph\n${chrome}`,
      END,
    ]) {
      stream.write(data);
    }
    // The paragraph the live area showed stays where it is, now history: nothing of it is sent,
    // and the update reaches the terminal as one write.
    expect(terminal.written.slice(1)).toEqual([`${BEGIN}${ESC}3A${ESC}12Ggraph${ESC}3B\r${END}`]);
    // Ink's next erase counts the frame alone; the history stays.
    stream.write(`${eraseLines(4)}second paragraph\n> prompt\nstatus 2s\n`);
    expect(terminal.written.at(-1)).toBe(`${ESC}1A${ESC}8G2\n`);
  });

  it('after a resize has settled, clears everything and writes again what is on screen', () => {
    vi.useFakeTimers();
    try {
      const { terminal, stream } = setup(120);
      // Ink's three writes for new history: erase the frame, the history, the frame.
      stream.write(`${line(120, 'a')}\nprompt\n`);
      stream.write(eraseLines(3));
      stream.write('history one\nhistory two\n');
      stream.write(`${line(120, 'b')}\nprompt\n`);
      terminal.columns = 60;
      terminal.emit('resize');
      terminal.columns = 90;
      terminal.emit('resize');
      vi.advanceTimersByTime(RESIZE_SETTLE_MS - 1);
      expect(terminal.written).toHaveLength(4);
      vi.advanceTimersByTime(1);
      expect(terminal.written.at(-1)).toBe(
        `${CLEAR_ALL}history one\nhistory two\n${line(120, 'b')}\nprompt\n`,
      );
      // Ink's next erase is counted on the frame it left on screen, now wrapped at 90.
      stream.write(`${eraseLines(3)}${line(90, 'c')}\nprompt\n`);
      expect(terminal.written.at(-1)).toBe(`${eraseLines(4)}${line(90, 'c')}\nprompt\n`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a resize that settled on the alternate screen, writes the main screen back without the alternate one', () => {
    vi.useFakeTimers();
    try {
      const { terminal, stream } = setup(120);
      const control = screenControlOf(stream)!;
      stream.write(`${line(120, 'a')}\nprompt\n`);
      stream.write(`${eraseLines(3)}history one\n${line(120, 'b')}\nprompt\n`);
      // A resize, and Ctrl+O before it settled: the rewrite waits for the main screen.
      terminal.columns = 90;
      terminal.emit('resize');
      control.useAlternateScreen(true);
      stream.write(`${eraseLines(3)}EXPANDED VIEW\nall of it\n`);
      vi.advanceTimersByTime(RESIZE_SETTLE_MS);
      control.useAlternateScreen(false);
      const rewrite = terminal.written.at(-1) ?? '';
      expect(rewrite.startsWith(CLEAR_ALL)).toBe(true);
      expect(rewrite).not.toContain('EXPANDED');
      expect(rewrite).toBe(`${CLEAR_ALL}history one\n${line(120, 'b')}\nprompt\n`);
      // Ink's next frame replaces the main screen's, which is on screen again.
      stream.write(`${eraseLines(3)}${line(90, 'c')}\nprompt\n`);
      expect(terminal.written.join('')).not.toMatch(/EXPANDED[^]*EXPANDED/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears everything when the frame is taller than the screen: its top is in the scrollback', () => {
    const { terminal, stream } = setup(40, 4);
    stream.write('history\n');
    stream.write(`${line(40)}\n${line(40)}\n${line(40)}\n`);
    terminal.rows = 3;
    stream.write(`${eraseLines(4)}short\n`);
    expect(terminal.written.at(-1)).toBe(`${CLEAR_ALL}history\nshort\n`);
  });

  it('tells Ink the screen is taller than anything it draws, and leaves the rest as it is', () => {
    const { terminal, stream } = setup(100, 30);
    expect(stream.rows).toBeGreaterThan(100_000);
    expect(stream.columns).toBe(100);
    expect(stream.getWindowSize()).toEqual([100, 30]);
    let heard = 0;
    stream.on('resize', () => heard++);
    terminal.emit('resize');
    expect(heard).toBe(1);
    expect(terminal.listenerCount('resize')).toBe(2);
  });
});
