// Terminal styling as plain ANSI strings. Block content is rendered to strings (not Ink
// elements) so the UI knows the exact height of what it shows: that is what lets the message
// list keep its live area shorter than the terminal.

export type Color = 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white' | 'gray';

export interface TextStyle {
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly strikethrough?: boolean;
  readonly inverse?: boolean;
  readonly color?: Color;
}

const COLOR_CODES: Readonly<Record<Color, number>> = {
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
};

/**
 * The de-facto standard opt-out (https://no-color.org): any value turns colours off. Bold,
 * dim, inverse and the like stay: they are not colours, and the prompt's cursor is inverse.
 */
let colorsEnabled = process.env.NO_COLOR === undefined;

/** Turns colours on or off for everything rendered from now on (e.g. a `--no-color` flag). */
export function setColorsEnabled(enabled: boolean): void {
  colorsEnabled = enabled;
}

/** Whether colours are on: what a cache of painted lines must key on. */
export function colorsOn(): boolean {
  return colorsEnabled;
}

function sgr(code: number): string {
  return `\u001B[${code}m`;
}

/**
 * `text` wrapped in the style's codes. Each attribute is closed by its own code (not a full
 * reset), so styles nest: a bold word inside a red line stays red after the bold ends.
 * Bold and dim share their closing code (22), so dim text cannot hold bold text.
 */
export function paint(text: string, style: TextStyle | undefined): string {
  if (style === undefined || text === '') return text;
  let open = '';
  let close = '';
  const add = (on: number, off: number): void => {
    open += sgr(on);
    close = sgr(off) + close;
  };
  if (style.bold) add(1, 22);
  if (style.dim) add(2, 22);
  if (style.italic) add(3, 23);
  if (style.underline) add(4, 24);
  if (style.inverse) add(7, 27);
  if (style.strikethrough) add(9, 29);
  if (style.color && colorsEnabled) add(COLOR_CODES[style.color], 39);
  return open + text + close;
}

// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks, titles).
// eslint-disable-next-line no-control-regex
const ANSI_PATTERN = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)/g;

export function stripAnsi(text: string): string {
  return text.includes('\u001B') ? text.replace(ANSI_PATTERN, '') : text;
}

/** The escape sequence starting at `index`, or undefined when there is none. */
export function ansiSequenceAt(text: string, index: number): string | undefined {
  if (text.charCodeAt(index) !== 0x1b) return undefined;
  ANSI_PATTERN.lastIndex = 0;
  const match = ANSI_PATTERN.exec(text.slice(index, index + 64));
  return match?.index === 0 ? match[0] : undefined;
}

/** Columns `text` takes on screen, escape sequences excluded (string-width, as Ink). */
export { textWidth as visibleWidth } from './text-width.js';
