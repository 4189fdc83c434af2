// The index's bounds and freshness, on real folders: past `maxFiles` an answer says it is
// incomplete; a query that finds the index older than `staleAfterMs` is answered from it and has
// it rebuilt, so the next query sees files made since. (Its git and walk sources are tested
// through findFiles in find-files.server.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkFolderIndex } from './file-index.js';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function folderWith(names: readonly string[]): string {
  folder = mkdtempSync(join(tmpdir(), 'wave-index-'));
  for (const name of names) writeFileSync(join(folder, name), name);
  return folder;
}

describe('WorkFolderIndex', () => {
  it('holds at most maxFiles files and says the answer is incomplete', async () => {
    const index = new WorkFolderIndex(folderWith(['a1', 'a2', 'a3', 'a4', 'a5']), {
      maxFiles: 3,
      staleAfterMs: 60_000,
    });
    const found = await index.find('a', 50);
    expect(found.files).toHaveLength(3);
    expect(found.incomplete).toBe(true);
  });

  it('is rebuilt when a query finds it stale, and not before', async () => {
    let now = 0;
    const index = new WorkFolderIndex(
      folderWith(['old.ts']),
      { maxFiles: 100, staleAfterMs: 1000 },
      () => now,
    );
    expect((await index.find('', 50)).files.map((file) => file.path)).toEqual(['old.ts']);
    writeFileSync(join(folder, 'new.ts'), 'x');
    now = 500;
    expect((await index.find('', 50)).files.map((file) => file.path)).toEqual(['old.ts']);
    now = 2000;
    // This query is answered from the old index and starts the rebuild…
    expect((await index.find('', 50)).files.map((file) => file.path)).toEqual(['old.ts']);
    // …which the next query sees once it is done.
    let paths: string[] = [];
    for (let tries = 0; tries < 200 && !paths.includes('new.ts'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      paths = (await index.find('', 50)).files.map((file) => file.path);
    }
    expect(paths.sort()).toEqual(['new.ts', 'old.ts']);
  });
});
