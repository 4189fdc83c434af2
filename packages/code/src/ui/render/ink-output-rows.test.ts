// Wave's Ink patch (patches/ink@6.8.0.patch) makes a frame row by row: a row one piece of text
// wrote is that text serialised once, behind its column's spaces, instead of Ink's pass that
// tokenises every row into styled cells each frame. The frame must be the same string Ink's cell
// pass makes (the frame diff, the history and every test read it): checked here against that
// pass, copied from Ink 6.8.0's build/output.js, on arbitrary styled text, wide characters,
// pieces that share or overlap a row, clips, and pieces outside the frame.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const inkRequire = createRequire(createRequire(import.meta.url).resolve('ink'));
const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));

interface StyledChar {
  readonly type: 'char';
  readonly value: string;
  readonly fullWidth: boolean;
  readonly styles: readonly unknown[];
}
interface Tokenize {
  styledCharsFromTokens(tokens: unknown[]): StyledChar[];
  styledCharsToString(chars: readonly StyledChar[]): string;
  tokenize(text: string): unknown[];
}
type Transformer = (line: string, index: number) => string;
interface Clip {
  readonly x1?: number;
  readonly x2?: number;
  readonly y1?: number;
  readonly y2?: number;
}
interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
}

const tokenizer = (await import(
  pathToFileURL(inkRequire.resolve('@alcalzone/ansi-tokenize')).href
)) as Tokenize;
const { default: stringWidth } = (await import(
  pathToFileURL(inkRequire.resolve('string-width')).href
)) as { default: (text: string) => number };
const { default: sliceAnsi } = (await import(
  pathToFileURL(inkRequire.resolve('slice-ansi')).href
)) as { default: (text: string, from: number, to: number) => string };
const { default: Output } = (await import(pathToFileURL(join(inkBuild, 'output.js')).href)) as {
  default: new (options: { width: number; height: number }) => OutputLike;
};
const { default: measureText } = (await import(
  pathToFileURL(join(inkBuild, 'measure-text.js')).href
)) as { default: (text: string) => { width: number; height: number } };

type Operation =
  | { type: 'write'; x: number; y: number; text: string; upper: boolean }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/** Ink 6.8.0's Output.get, unpatched: every row a grid of styled cells, serialised. */
function inkCellPass(width: number, height: number, operations: readonly Operation[]): string {
  const output: StyledChar[][] = [];
  for (let y = 0; y < height; y++) {
    const row: StyledChar[] = [];
    for (let x = 0; x < width; x++)
      row.push({ type: 'char', value: ' ', fullWidth: false, styles: [] });
    output.push(row);
  }
  const clips: Clip[] = [];
  for (const operation of operations) {
    if (operation.type === 'clip') clips.push(operation.clip);
    if (operation.type === 'unclip') clips.pop();
    if (operation.type !== 'write') continue;
    const { text } = operation;
    let { x, y } = operation;
    let lines = text.split('\n');
    const clip = clips.at(-1);
    if (clip) {
      const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      if (clipHorizontally) {
        const widest = Math.max(...text.split('\n').map((line) => stringWidth(line)));
        if (x + widest < clip.x1 || x > clip.x2) continue;
      }
      if (clipVertically && (y + lines.length < clip.y1 || y > clip.y2)) continue;
      if (clipHorizontally) {
        lines = lines.map((line) => {
          const from = x < clip.x1! ? clip.x1! - x : 0;
          const lineWidth = stringWidth(line);
          const to = x + lineWidth > clip.x2! ? clip.x2! - x : lineWidth;
          return sliceAnsi(line, from, to);
        });
        if (x < clip.x1) x = clip.x1!;
      }
      if (clipVertically) {
        const from = y < clip.y1 ? clip.y1 - y : 0;
        const to = y + lines.length > clip.y2 ? clip.y2 - y : lines.length;
        lines = lines.slice(from, to);
        if (y < clip.y1) y = clip.y1!;
      }
    }
    let offsetY = 0;
    for (let line of lines) {
      const currentLine = output[y + offsetY];
      if (!currentLine) continue;
      if (operation.upper) line = line.toUpperCase();
      let offsetX = x;
      for (const character of tokenizer.styledCharsFromTokens(tokenizer.tokenize(line))) {
        currentLine[offsetX] = character;
        const characterWidth = Math.max(1, stringWidth(character.value));
        for (let index = 1; index < characterWidth; index++) {
          currentLine[offsetX + index] = {
            type: 'char',
            value: '',
            fullWidth: false,
            styles: character.styles,
          };
        }
        offsetX += characterWidth;
      }
      offsetY++;
    }
  }
  return output
    .map((line) =>
      tokenizer.styledCharsToString(line.filter((item) => item !== undefined)).trimEnd(),
    )
    .join('\n');
}

function patchedOutput(width: number, height: number, operations: readonly Operation[]): string {
  const output = new Output({ width, height });
  const upper: Transformer = (line) => line.toUpperCase();
  for (const operation of operations) {
    if (operation.type === 'clip') output.clip(operation.clip);
    else if (operation.type === 'unclip') output.unclip();
    else
      output.write(operation.x, operation.y, operation.text, {
        transformers: operation.upper ? [upper] : [],
      });
  }
  return output.get().output;
}

const SGR = [
  '1',
  '2',
  '3',
  '4',
  '7',
  '22',
  '23',
  '24',
  '31',
  '32',
  '39',
  '38;5;208',
  '44',
  '49',
  '0',
];
const piece = fc.oneof(
  fc.constantFrom(
    'a',
    'word ',
    ' ',
    '  ',
    '日本',
    '✅',
    '👍🏽',
    'e\u0301',
    '─',
    '\n',
    'x\ty',
    '\u0007',
    '\u001B',
    '\u009B1m',
    '\r',
  ),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(...SGR).map((code) => `\u001B[${code}m`),
);
const text = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));
const write = fc.record({
  type: fc.constant('write' as const),
  x: fc.integer({ min: -2, max: 24 }),
  y: fc.integer({ min: -2, max: 8 }),
  text,
  upper: fc.boolean(),
});
const clip = fc.record({
  type: fc.constant('clip' as const),
  clip: fc.record({
    x1: fc.integer({ min: 0, max: 10 }),
    x2: fc.integer({ min: 5, max: 25 }),
    y1: fc.integer({ min: 0, max: 3 }),
    y2: fc.integer({ min: 2, max: 8 }),
  }),
});

describe("Ink's frame, made row by row", () => {
  it("is the string Ink's cell pass makes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 7 }),
        fc.array(
          fc.oneof({ weight: 6, arbitrary: write }, clip, fc.constant({ type: 'unclip' as const })),
          {
            maxLength: 8,
          },
        ),
        (width, height, operations) => {
          expect(patchedOutput(width, height, operations)).toBe(
            inkCellPass(width, height, operations),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  // Lines of Wave's own styling (SGR codes around words, rules, bullets) are serialised run by
  // run, not cell by cell: the same string, checked on lines made only of what that path takes
  // (and a few characters next to it that it must leave to the cell pass).
  it("is the cell pass's string for styled runs of words and symbols", () => {
    const runPiece = fc.oneof(
      fc.constantFrom(
        'a',
        'word ',
        ' ',
        'x',
        '·',
        '●',
        '─',
        '⏺',
        '✻',
        '↳',
        'é',
        '\u00AD',
        '\u0300',
      ),
      fc.constantFrom(...SGR, '1;31', '38;5;208;1', '', ';').map((code) => `\u001B[${code}m`),
    );
    const runLine = fc.array(runPiece, { maxLength: 16 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), runLine, (x, line) => {
        const operations: Operation[] = [{ type: 'write', x, y: 0, text: line, upper: false }];
        expect(patchedOutput(40, 1, operations)).toBe(inkCellPass(40, 1, operations));
      }),
      { numRuns: 3000 },
    );
  });

  it('is the same on the second frame, from what the first one kept', () => {
    const operations: Operation[] = [
      {
        type: 'write',
        x: 0,
        y: 0,
        text: '\u001B[1mbold\u001B[22m plain\n\u001B[31mred',
        upper: false,
      },
      { type: 'write', x: 2, y: 1, text: '日本✅', upper: true },
      { type: 'write', x: 3, y: 2, text: '\u001B[44m  bg  \u001B[49m  ', upper: false },
    ];
    const first = patchedOutput(12, 4, operations);
    expect(patchedOutput(12, 4, operations)).toBe(first);
    expect(first).toBe(inkCellPass(12, 4, operations));
  });

  // Text is measured a line at a time through the same caches, a line of Wave's styling a
  // character at a time: the widths must be string-width's, as Ink's widest-line has them.
  it("measures text as Ink's widest line of string-width does", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join('');
        const widest = Math.max(0, ...text.split('\n').map((line) => stringWidth(line)));
        expect(measureText(text)).toEqual({
          width: text === '' ? 0 : widest,
          height: text === '' ? 0 : text.split('\n').length,
        });
      }),
      { numRuns: 3000 },
    );
  });
});
