import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES, hasBinaryExtension, isBinaryFile } from './binary-files.js';
import { makeWorkdir, removeWorkdir } from './test-kit.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

describe('isBinaryFile', () => {
  it('says text is not binary', async () => {
    await writeFile(join(workdir, 'a.txt'), 'plain text, ünïcödé 中文\n');
    expect(await isBinaryFile(join(workdir, 'a.txt'))).toBe(false);
  });

  it('says a NUL byte in the first 8 KB makes a file binary', async () => {
    await writeFile(join(workdir, 'data'), Buffer.from([0x41, 0x00, 0x42]));
    expect(await isBinaryFile(join(workdir, 'data'))).toBe(true);
  });

  it('looks no further than the first 8 KB', async () => {
    const late = Buffer.concat([Buffer.alloc(BINARY_SNIFF_BYTES, 0x61), Buffer.from([0])]);
    await writeFile(join(workdir, 'late.txt'), late);
    expect(await isBinaryFile(join(workdir, 'late.txt'))).toBe(false);
  });

  it('treats common binary extensions as binary even without a NUL byte', async () => {
    await writeFile(join(workdir, 'picture.PNG'), 'no nul here');
    expect(await isBinaryFile(join(workdir, 'picture.PNG'))).toBe(true);
    expect(hasBinaryExtension('logo.svg')).toBe(false);
  });
});
