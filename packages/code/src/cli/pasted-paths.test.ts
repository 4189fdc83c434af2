// What a paste becomes, with real files in temporary folders: the ways terminals write a dropped
// path, and what stays text (missing files, folders, a file outside the work folder that is not an
// image, a link out of the work folder, ordinary words).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pastedInput, shellWords } from './pasted-paths.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let root: string;
let work: string;
let outside: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wave-pasted-'));
  work = join(root, 'work');
  outside = join(root, 'outside');
  mkdirSync(join(work, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(work, 'src', 'a b.ts'), 'x');
  writeFileSync(join(work, 'plain.ts'), 'x');
  writeFileSync(join(outside, 'secret.txt'), 'x');
  writeFileSync(join(outside, 'shot.png'), PNG);
  symlinkSync(join(outside, 'secret.txt'), join(work, 'link.txt'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('shellWords', () => {
  it('reads quotes and backslash escapes as a shell does', () => {
    expect(shellWords(`'/a b/c' "/d \\"e\\"" /f\\ g h`)).toEqual(['/a b/c', '/d "e"', '/f g', 'h']);
    expect(shellWords(`'/open`)).toBeUndefined();
  });
});

describe('pastedInput', () => {
  it('makes a work folder file, absolute, quoted, escaped, relative or a file URL, a mention', () => {
    const mention = { pieces: ['@"src/a b.ts"', ' '] };
    expect(pastedInput(`'${join(work, 'src', 'a b.ts')}'`, work)).toEqual(mention);
    expect(pastedInput(join(work, 'src', 'a\\ b.ts'), work)).toEqual(mention);
    expect(pastedInput('"src/a b.ts"', work)).toEqual(mention);
    expect(pastedInput(pathToFileURL(join(work, 'src', 'a b.ts')).href, work)).toEqual(mention);
    expect(pastedInput(`${join(work, 'plain.ts')} src/a\\ b.ts`, work)).toEqual({
      pieces: ['@plain.ts', ' ', '@"src/a b.ts"', ' '],
    });
  });

  it('makes an image anywhere an image', () => {
    const { pieces } = pastedInput(join(outside, 'shot.png'), work);
    expect(pieces).toEqual([{ name: 'shot.png', mediaType: 'image/png', bytes: PNG }]);
  });

  it('leaves text: missing files, folders, files outside, links out, a mix with words', () => {
    for (const text of [
      '/no/such/file.ts',
      join(work, 'src'),
      join(outside, 'secret.txt'),
      join(work, 'link.txt'),
      `${join(work, 'plain.ts')} and more words`,
      'plain.ts\nsecond line of code',
    ]) {
      expect(pastedInput(text, work)).toEqual({ pieces: [text] });
    }
  });
});
