// A line of styled runs, and word wrapping of such runs to a width. Wrapping happens here,
// before Ink sees the text, so every line handed to Ink fits and its height is known.

import type { TextStyle } from './ansi.js';
import { paint, visibleWidth } from './ansi.js';
import { graphemes, isPrintableAscii } from './text-width.js';

export interface Span {
  readonly text: string;
  readonly style?: TextStyle;
}

/** Pieces of one unbreakable word; a word may change style mid-way ("foo**bar**"). */
type Word = readonly Span[];

interface Token {
  readonly kind: 'word' | 'space' | 'newline';
  readonly spans: Word;
  readonly width: number;
}

function tokenize(spans: readonly Span[]): Token[] {
  const tokens: Token[] = [];
  let word: Span[] = [];
  const endWord = (): void => {
    if (word.length === 0) return;
    tokens.push({
      kind: 'word',
      spans: word,
      width: word.reduce((sum, s) => sum + visibleWidth(s.text), 0),
    });
    word = [];
  };
  for (const span of spans) {
    for (const part of span.text.split(/(\n|[ \t]+)/)) {
      if (part === '') continue;
      if (part === '\n') {
        endWord();
        tokens.push({ kind: 'newline', spans: [], width: 0 });
      } else if (part.trim() === '') {
        endWord();
        tokens.push({
          kind: 'space',
          spans: [{ text: ' ', ...(span.style ? { style: span.style } : {}) }],
          width: 1,
        });
      } else {
        word.push({ text: part, ...(span.style ? { style: span.style } : {}) });
      }
    }
  }
  endWord();
  return tokens;
}

/** Splits one span into pieces no wider than `width` (for words longer than a line). */
function splitByWidth(span: Span, firstRoom: number, width: number): Span[] {
  const pieces: Span[] = [];
  let current = '';
  let used = 0;
  let room = firstRoom;
  for (const { text: char, width: charWidth } of graphemes(span.text)) {
    if (used + charWidth > room && current !== '') {
      pieces.push({ ...span, text: current });
      current = '';
      used = 0;
      room = width;
    }
    current += char;
    used += charWidth;
  }
  if (current !== '') pieces.push({ ...span, text: current });
  return pieces;
}

function sameStyle(a: TextStyle | undefined, b: TextStyle | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => Reflect.get(a, key) === Reflect.get(b, key));
}

/** Styled runs as one ANSI string; neighbours of the same style share their codes. */
export function renderSpans(spans: readonly Span[]): string {
  let output = '';
  let run = '';
  let runStyle: TextStyle | undefined;
  for (const span of spans) {
    if (run !== '' && !sameStyle(runStyle, span.style)) {
      output += paint(run, runStyle);
      run = '';
    }
    if (run === '') runStyle = span.style;
    run += span.text;
  }
  return output + paint(run, runStyle);
}

/**
 * Word-wraps styled runs into lines of at most `width` columns. Explicit newlines break
 * lines; runs of spaces collapse into one at a wrap; a word longer than a line is cut.
 */
export function wrapSpans(spans: readonly Span[], width: number): Span[][] {
  const room = Math.max(1, width);
  const lines: Span[][] = [];
  let line: Span[] = [];
  let used = 0;
  let pendingSpace: Span | undefined;
  const breakLine = (): void => {
    lines.push(line);
    line = [];
    used = 0;
    pendingSpace = undefined;
  };
  for (const token of tokenize(spans)) {
    if (token.kind === 'newline') {
      breakLine();
      continue;
    }
    if (token.kind === 'space') {
      if (used > 0) pendingSpace = token.spans[0];
      continue;
    }
    const spaceWidth = pendingSpace ? 1 : 0;
    if (used > 0 && used + spaceWidth + token.width > room) breakLine();
    if (pendingSpace && used > 0) {
      line.push(pendingSpace);
      used += 1;
    }
    pendingSpace = undefined;
    for (const span of token.spans) {
      const spanWidth = visibleWidth(span.text);
      if (used + spanWidth <= room) {
        line.push(span);
        used += spanWidth;
        continue;
      }
      const pieces = splitByWidth(span, room - used, room);
      pieces.forEach((piece, index) => {
        if (index > 0 || (used > 0 && used + visibleWidth(piece.text) > room)) breakLine();
        line.push(piece);
        used += visibleWidth(piece.text);
      });
    }
  }
  lines.push(line);
  return lines;
}

/**
 * wrapSpans of one unstyled span of printable ASCII words that each fit in `width` (a line of
 * plain prose), as strings: a character is a column, so no tokens or spans are made. Undefined
 * when a word is longer than the line (wrapSpans cuts it).
 */
export function wrapPlainWords(text: string, width: number): string[] | undefined {
  const room = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  let pendingSpace = false;
  for (const part of text.split(/( +)/)) {
    if (part === '') continue;
    if (part.charCodeAt(0) === 0x20) {
      if (line !== '') pendingSpace = true;
      continue;
    }
    if (part.length > room) return undefined;
    if (line !== '' && line.length + (pendingSpace ? 1 : 0) + part.length > room) {
      lines.push(line);
      line = '';
    } else if (pendingSpace && line !== '') {
      line += ' ';
    }
    pendingSpace = false;
    line += part;
  }
  lines.push(line);
  return lines;
}

/** Wrapped styled runs as ANSI lines, each prefixed (the first line may have its own prefix). */
export function wrapToLines(
  spans: readonly Span[],
  width: number,
  prefix: { readonly first: string; readonly rest: string } = { first: '', rest: '' },
): string[] {
  const prefixWidth = Math.max(visibleWidth(prefix.first), visibleWidth(prefix.rest));
  const [only] = spans;
  // One run of printable ASCII (reasoning, a user's words, most notes): its lines are its words.
  if (spans.length === 1 && only !== undefined && isPrintableAscii(only.text)) {
    const lines = wrapPlainWords(only.text, width - prefixWidth);
    if (lines) {
      return lines.map(
        (line, index) => (index === 0 ? prefix.first : prefix.rest) + paint(line, only.style),
      );
    }
  }
  return wrapSpans(spans, width - prefixWidth).map(
    (line, index) => (index === 0 ? prefix.first : prefix.rest) + renderSpans(line),
  );
}
