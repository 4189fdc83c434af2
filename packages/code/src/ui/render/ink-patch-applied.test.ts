// Wave's Ink patch (patches/ink@6.8.0.patch) changes no frame: ink-output-rows.test.ts and
// ink-sanitize.test.ts check that its frames and its sanitizer give what Ink's own code gives.
// This checks that it is applied at all, by what it does differently, so an upgrade of Ink that
// drops it fails here instead of silently giving back the terminal's CPU (patches/README.md).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));

interface CachesLike {
  getStyledChars(line: string): unknown[];
  readonly blockWidths: Map<string, number>;
}
interface OutputLike {
  readonly caches: CachesLike;
  write(x: number, y: number, text: string, options: { transformers: never[] }): void;
  get(): { output: string; height: number };
}

const { default: Output } = (await import(pathToFileURL(join(inkBuild, 'output.js')).href)) as {
  default: new (options: { width: number; height: number }) => OutputLike;
};
const { default: measureText } = (await import(
  pathToFileURL(join(inkBuild, 'measure-text.js')).href
)) as { default: (text: string) => { width: number; height: number } };
const { default: sanitizeAnsi } = (await import(
  pathToFileURL(join(inkBuild, 'sanitize-ansi.js')).href
)) as { default: (text: string) => string };

describe("Wave's Ink patch is applied", () => {
  it('every frame shares one set of caches (output.js)', () => {
    expect(new Output({ width: 10, height: 1 }).caches).toBe(
      new Output({ width: 20, height: 2 }).caches,
    );
  });

  it('a row one piece of styled text wrote is not taken apart into cells (output.js)', () => {
    const output = new Output({ width: 40, height: 2 });
    const cells = vi.spyOn(output.caches, 'getStyledChars');
    try {
      output.write(2, 0, '\u001b[1mbold\u001b[22m and plain', { transformers: [] });
      expect(output.get().output).toBe('  \u001b[1mbold\u001b[22m and plain\n');
      expect(cells).not.toHaveBeenCalled();
    } finally {
      cells.mockRestore();
    }
  });

  it("text is measured through the frames' caches (measure-text.js)", () => {
    const text = `measured once ${randomUUID()}`;
    expect(measureText(text).width).toBe(text.length);
    expect(new Output({ width: 1, height: 1 }).caches.blockWidths.get(text)).toBe(text.length);
  });

  it('text whose only escapes are colours passes the sanitizer as it is (sanitize-ansi.js)', () => {
    // Ink's own sanitizer gives an equal string built token by token, so only the identity of
    // what comes back tells the two apart: a String object given comes back itself.
    const given = Object(`\u001b[31mred\u001b[39m text`) as string;
    expect(sanitizeAnsi(given)).toBe(given);
  });
});
