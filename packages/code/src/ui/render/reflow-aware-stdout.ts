// Keeps Ink's erase count right when the terminal reflows: after a resize it lets Ink redraw the
// live area, or clears and rewrites the history it wrote and then the live area; between resizes
// it sends only the lines that changed. Why, and what it relies on of Ink 6:
// ARCHITECTURE §8 (docs/ARCHITECTURE.md).

import { stripAnsi } from './ansi.js';
import { graphemes } from './text-width.js';
import { frameUpdate } from './frame-diff.js';
import { joinSynchronizedWrites, oneWritePerUpdate } from './synchronized-writes.js';

const ESC = '\u001B[';
/* eslint-disable no-control-regex -- these patterns match terminal escape sequences */
/** ansi-escapes' eraseLines(n): erase a line and go up, n - 1 times; erase the last; column 1. */
const ERASE_LINES = /^(?:\u001B\[2K\u001B\[1A)*\u001B\[2K\u001B\[G/;
/** Synchronized-update brackets and cursor show/hide: they draw nothing. */
const CONTROL_ONLY = /^(?:\u001B\[\?(?:2026|25)[hl])+$/;
/* eslint-enable no-control-regex */
/** Clear the screen and the scrollback, cursor home. */
const CLEAR_ALL = `${ESC}2J${ESC}3J${ESC}H`;
/** What Ink is told the screen's height is: more rows than it ever draws. */
const ROWS_FOR_INK = 1_000_000;
/** The rewrite after a resize waits until the size has stayed this long (a drag sends many). */
export const RESIZE_SETTLE_MS = 60;
/** Nothing written for this long before a resize: no frame for the old width is in flight. */
const QUIET_BEFORE_RESIZE_MS = 250;

function eraseLines(count: number): string {
  if (count <= 0) return '';
  return `${`${ESC}2K${ESC}1A`.repeat(count - 1)}${ESC}2K${ESC}G`;
}

/** Rows one line takes on a terminal `columns` wide (a wide character that does not fit wraps). */
function rowsOfLine(line: string, columns: number): number {
  let rows = 1;
  let used = 0;
  const plain = stripAnsi(line);
  // Printable ASCII: one column a character, so the rows are a division.
  if (/^[\u0020-\u007E]*$/.test(plain)) return Math.max(1, Math.ceil(plain.length / columns));
  for (const { width } of graphemes(plain)) {
    if (used + width > columns) {
      rows += 1;
      used = 0;
    }
    used += width;
  }
  return rows;
}

/**
 * Rows a frame Ink wrote takes at `columns`: its hard lines, each wrapped as the terminal wraps
 * it, and the line the cursor is on after them (Ink's own count, when nothing wraps).
 */
export function rowsOfFrame(frame: string, columns: number): number {
  if (frame === '') return 0;
  const width = Math.max(1, columns);
  return frame.split('\n').reduce((rows, line) => rows + rowsOfLine(line, width), 0);
}

interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/** The size the terminal has now (the kernel's), not as of the last SIGWINCH Node handled. */
function sizeNow(terminal: NodeJS.WriteStream): TerminalSize | undefined {
  const [columns, rows] =
    typeof terminal.getWindowSize === 'function'
      ? terminal.getWindowSize()
      : [terminal.columns, terminal.rows];
  return columns && rows ? { columns, rows } : undefined;
}

/**
 * Splits what was written since Ink's last erase into history and the frame on screen: the
 * frame is the last `lines` lines (Ink's count, which its next erase carries), the rest came
 * before it and stays.
 */
function splitFrame(written: string, lines: number): { history: string; frame: string } {
  if (lines <= 0) return { history: written, frame: '' };
  const all = written.split('\n');
  const cut = Math.max(0, all.length - lines);
  return {
    history: cut === 0 ? '' : `${all.slice(0, cut).join('\n')}\n`,
    frame: all.slice(cut).join('\n'),
  };
}

/** Enter the alternate screen (saving the cursor), cursor home, clear it; and leave it again. */
const ENTER_ALTERNATE = `${ESC}?1049h${ESC}H${ESC}2J`;
const LEAVE_ALTERNATE = `${ESC}?1049l`;
/** Cursor home and clear: the alternate screen has no scrollback to keep. */
const REDRAW_ALTERNATE = `${ESC}H${ESC}2J`;

/** Where Ink's frames go: the main screen (under the history) or the alternate screen. */
export interface ScreenControl {
  /** From the next frame on, on the alternate screen (true) or back on the main one (false). */
  useAlternateScreen(on: boolean): void;
  /**
   * Writes a sequence that draws nothing (the window title, a notification) between Ink's
   * frames: it goes out in order with them, and Ink's count of the rows it drew is untouched.
   */
  writeInvisible(sequence: string): void;
  /** The terminal itself, for a program that takes it over (the editor of Ctrl+G). */
  readonly terminal: NodeJS.WriteStream;
}

/** The control of each stream this module made. */
const controls = new WeakMap<object, ScreenControl>();

/** The control of a stream made by `reflowAwareStdout`; undefined for any other stream. */
export function screenControlOf(stream: NodeJS.WriteStream): ScreenControl | undefined {
  return controls.get(stream);
}

interface AlternateScreen {
  /** What had been written since Ink's last erase on the main screen when it was left. */
  readonly enteredWith: string;
  /** The frame on the main screen, once Ink's first erase after entering told its size. */
  mainFrame: string | undefined;
  resized: boolean;
}

/** Wraps `terminal` for Ink: the stream to give it, with what it draws kept right on resizes. */
export function reflowAwareStdout(terminal: NodeJS.WriteStream): NodeJS.WriteStream {
  /** History written (each write of it, in order), to write again after a clear. */
  const history: string[] = [];
  /** Everything written since Ink last erased its frame: new history, then the frame. */
  let sinceErase = '';
  let settling: NodeJS.Timeout | undefined;
  let alternate: AlternateScreen | undefined;
  /** The frame on the main screen after leaving the alternate one, for Ink's next erase. */
  let mainFrameBack: string | undefined;

  /** When anything was last sent to the terminal (epoch ms). */
  let lastWriteAt = 0;
  const terminalWrite = terminal.write.bind(terminal);
  // Each of Ink's synchronized updates reaches the terminal in one write.
  const writeToTerminal = oneWritePerUpdate((...args: unknown[]) => {
    const accepted: unknown = Reflect.apply(terminalWrite, undefined, args);
    return accepted !== false;
  });
  const send = (text: unknown, rest: readonly unknown[]): boolean => {
    lastWriteAt = Date.now();
    return writeToTerminal(text, ...rest);
  };

  /** The frame on screen: Ink's last frame, when nothing was written after it. */
  let lastFrame = '';
  /** What each resize since the last settle found: the size, the frame's rows at it, quiet. */
  let resizes: {
    readonly size: TerminalSize;
    readonly frameRows: number;
    readonly quiet: boolean;
  }[] = [];

  /** Whether Wave's own output fills the screen at `size` (the cursor is on its last row). */
  const fillsScreen = (size: TerminalSize): boolean => {
    let rows = rowsOfFrame(sinceErase, size.columns);
    for (let index = history.length - 1; index >= 0 && rows < size.rows; index--)
      rows += rowsOfFrame(history[index] ?? '', size.columns) - 1;
    return rows >= size.rows;
  };

  /**
   * After a resize Ink has redrawn the live area, erasing the rows its frame takes at the new
   * width. That alone is exact when the terminal kept the whole frame on the screen and drew
   * nothing meant for the old width after reflowing: every resize came while nothing had been
   * written for a moment (no frame in flight, whose cursor moves count rows at the old width),
   * the frame was shorter than the screen at each size, and Wave's output fills the screen (the
   * cursor is on its last row, so a narrowing pushes history rows into the scrollback, not the
   * frame's: tmux keeps the cursor's row and pushes whatever is above it). The history is then
   * left to the terminal, which reflows it, and so is the user's scrollback from before Wave.
   * Otherwise part of an old frame may be in the scrollback, where no cursor movement reaches:
   * the screen and the scrollback are cleared and Wave's history is written again.
   */
  const rewriteAll = (): void => {
    settling = undefined;
    const seen = resizes;
    resizes = [];
    // The alternate screen is redrawn by Ink's next frame; the main one when it is back.
    if (alternate) {
      alternate.resized = true;
      return;
    }
    const size = sizeNow(terminal);
    const keptWhole =
      size !== undefined &&
      seen.every(({ size: at, frameRows, quiet }) => quiet && frameRows < at.rows) &&
      fillsScreen(size);
    if (!keptWhole) send(CLEAR_ALL + history.join('') + sinceErase, []);
  };

  const control: ScreenControl = {
    useAlternateScreen(on) {
      if (on && !alternate) {
        alternate = { enteredWith: sinceErase, mainFrame: undefined, resized: false };
        send(ENTER_ALTERNATE, []);
        return;
      }
      if (on || !alternate) return;
      const left = alternate;
      alternate = undefined;
      send(LEAVE_ALTERNATE, []);
      // What the main screen shows below the history: the frame Ink left there (not the
      // alternate screen's, which a rewrite after a resize would otherwise put on it).
      if (left.mainFrame === undefined) sinceErase = left.enteredWith;
      else {
        mainFrameBack = left.mainFrame;
        sinceErase = left.mainFrame;
      }
      if (left.resized) rewriteAll();
    },
    writeInvisible(sequence) {
      if (sequence !== '') send(sequence, []);
    },
    terminal,
  };

  /** A frame on the alternate screen: drawn whole from its top, nothing kept as history. */
  const writeAlternate = (
    screen: AlternateScreen,
    count: number,
    after: string,
    rest: unknown[],
  ) => {
    if (screen.mainFrame === undefined) {
      const { history: written, frame } = splitFrame(screen.enteredWith, count);
      if (written !== '') history.push(written);
      screen.mainFrame = frame;
    }
    sinceErase = after;
    return send(REDRAW_ALTERNATE + after, rest);
  };
  terminal.on('resize', () => {
    const size = sizeNow(terminal);
    const frame = sinceErase.endsWith(lastFrame) ? lastFrame : sinceErase;
    const quiet = Date.now() - lastWriteAt >= QUIET_BEFORE_RESIZE_MS;
    if (size) resizes.push({ size, frameRows: rowsOfFrame(frame, size.columns), quiet });
    clearTimeout(settling);
    settling = setTimeout(rewriteAll, RESIZE_SETTLE_MS);
    // A pending rewrite does not keep the process alive when Wave exits.
    settling.unref();
  });

  /** The last of the writes joined into the one being handled: Ink's frame, after its history. */
  let joinedLast: string | undefined;
  // Each update of Ink's as one write: new history is diffed with the frame it replaces.
  const draw = (data: unknown, ...rest: unknown[]): boolean => {
    const part = joinedLast;
    joinedLast = undefined;
    if (typeof data !== 'string' || CONTROL_ONLY.test(data)) return send(data, rest);
    // log.clear() with nothing on screen writes an empty string: an erase of no lines.
    const erase = data === '' ? '' : ERASE_LINES.exec(data)?.[0];
    if (erase === undefined) {
      sinceErase += data;
      lastFrame = part !== undefined && data.endsWith(part) ? part : data;
      return send(data, rest);
    }
    const count = erase.split('\u001B[2K').length - 1;
    const after = data.slice(erase.length);
    if (alternate) return writeAlternate(alternate, count, after, rest);
    const back = mainFrameBack;
    mainFrameBack = undefined;
    const { history: written, frame } =
      back === undefined ? splitFrame(sinceErase, count) : { history: '', frame: back };
    if (written !== '') history.push(written);
    sinceErase = after;
    // The frame alone, not the history written with it: a resize measures the frame on screen.
    lastFrame = part !== undefined && after.endsWith(part) ? part : after;
    const size = sizeNow(terminal);
    if (size === undefined || frame === '') return send(data, rest);
    const rows = rowsOfFrame(frame, size.columns);
    if (rows <= size.rows) {
      // Only what changed, unless a resize is settling (the rewrite then draws it all anyway).
      const update =
        settling === undefined ? frameUpdate(frame, after, size.columns, size.rows) : undefined;
      return send(update ?? eraseLines(rows) + after, rest);
    }
    // The frame's top is in the scrollback: start over from the history.
    return send(CLEAR_ALL + history.join('') + after, rest);
  };
  const write = joinSynchronizedWrites(draw, (parts) => (joinedLast = parts.at(-1)));

  const stream = new Proxy(terminal, {
    get(target, property) {
      if (property === 'write') return write;
      if (property === 'rows') return ROWS_FOR_INK;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound: unknown = Function.prototype.bind.call(value, target);
      return bound;
    },
  });
  controls.set(stream, control);
  return stream;
}
