// /add-dir's check on real files: a missing path, a file and an empty argument are refused with a
// sentence; a folder is added by its real path (a link inside the work folder resolved).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkedWorkFolder } from './added-work-folder.js';

let root: string;
let workdir: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wave-add-dir-')));
  workdir = join(root, 'work');
  mkdirSync(join(root, 'shared'), { recursive: true });
  mkdirSync(workdir);
  writeFileSync(join(workdir, 'notes.txt'), 'a file\n');
  symlinkSync(join(root, 'shared'), join(workdir, 'shared-link'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('/add-dir checks the folder it is given', () => {
  it('adds a folder by its real path, relative to the work folder', async () => {
    expect(await checkedWorkFolder('../shared', workdir)).toEqual({
      ok: true,
      folder: join(root, 'shared'),
    });
    expect(await checkedWorkFolder(' shared-link ', workdir)).toEqual({
      ok: true,
      folder: join(root, 'shared'),
    });
  });

  it('refuses a path that does not exist, a file, and nothing, each with a sentence', async () => {
    expect(await checkedWorkFolder('missing', workdir)).toEqual({
      ok: false,
      problem: `There is no folder ${join(workdir, 'missing')}: check the path (a relative one starts at ${workdir}).`,
    });
    expect(await checkedWorkFolder('notes.txt', workdir)).toEqual({
      ok: false,
      problem: `${join(workdir, 'notes.txt')} is a file, not a folder: name a folder to add.`,
    });
    expect(await checkedWorkFolder('', workdir)).toEqual({
      ok: false,
      problem: 'Type the folder to add after /add-dir, e.g. /add-dir ../shared.',
    });
  });
});
