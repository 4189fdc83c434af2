// Wave's Ink patch (patches/ink@6.8.0.patch) lets text whose only escapes are SGR sequences
// through Ink's sanitizer as it is, instead of tokenising it character by character each frame
// (the live area and the status line, twice a frame). It must keep and drop exactly what Ink's
// own sanitizer does: checked against that sanitizer, copied from Ink 6.8.0's
// build/sanitize-ansi.js, on text mixing SGR with every other kind of control.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));

interface AnsiToken {
  readonly type: string;
  readonly value: string;
  readonly finalCharacter?: string;
  readonly intermediateString?: string;
  readonly parameterString?: string;
}

const { hasAnsiControlCharacters, tokenizeAnsi } = (await import(
  pathToFileURL(join(inkBuild, 'ansi-tokenizer.js')).href
)) as {
  hasAnsiControlCharacters: (text: string) => boolean;
  tokenizeAnsi: (text: string) => AnsiToken[];
};
const { default: sanitizeAnsi } = (await import(
  pathToFileURL(join(inkBuild, 'sanitize-ansi.js')).href
)) as { default: (text: string) => string };

/** Ink 6.8.0's sanitizeAnsi, unpatched. */
function inkSanitize(text: string): string {
  if (!hasAnsiControlCharacters(text)) return text;
  let output = '';
  for (const token of tokenizeAnsi(text)) {
    if (token.type === 'text' || token.type === 'osc') {
      output += token.value;
      continue;
    }
    if (
      token.type === 'csi' &&
      token.finalCharacter === 'm' &&
      token.intermediateString === '' &&
      /^[\d:;]*$/.test(token.parameterString ?? '')
    ) {
      output += token.value;
    }
  }
  return output;
}

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('word ', '·', '●', '日本', '\n', '\t', '\u0007', ' ') },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom('1', '2', '22', '31', '39', '38;5;208', '', '0')
      .map((code) => `\u001B[${code}m`),
  },
  fc.constantFrom(
    '\u001B',
    '\u001B[',
    '\u001B[2K',
    '\u001B[1A',
    '\u001B[1:2m',
    '\u001B[?25l',
    '\u001B[1 m',
    '\u001B]8;;https://x.dev\u0007',
    '\u001B]0;title\u001B\\',
    '\u001BPdata\u001B\\',
    '\u001B7',
    '\u009B31m',
    '\u009D',
    '\u0085',
  ),
  fc.string({ maxLength: 4 }),
);

describe("Ink's sanitizer, patched", () => {
  it("keeps and drops exactly what Ink's own does", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(sanitizeAnsi(text)).toBe(inkSanitize(text));
      }),
      { numRuns: 4000 },
    );
  });
});
