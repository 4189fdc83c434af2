// Wave's patch of Ink's layout engine (patches/yoga-layout@3.2.1.patch) has yoga make its
// WebAssembly from the bytes it carries, where it fetched them from a data: URL through Node's
// fetch, which loads undici (~20 ms of every start of the terminal UI). Checked in a fresh
// process (the test runner may have loaded undici itself) with Node's list of loaded modules,
// so an upgrade that drops the patch fails here (patches/README.md). The published bin's test
// (test/e2e/published-bin.test.ts) checks the same of the whole terminal UI.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const yoga = createRequire(createRequire(import.meta.url).resolve('ink')).resolve('yoga-layout');

describe("Wave's yoga-layout patch is applied", () => {
  it('yoga loads its layout engine without loading undici', async () => {
    const script = [
      `const yoga = await import(${JSON.stringify(pathToFileURL(yoga).href)});`,
      `const node = yoga.default.Node.create();`,
      `node.calculateLayout(10, 10);`,
      `console.log(JSON.stringify({ laidOut: node.getComputedWidth(),`,
      `  undici: process.moduleLoadList.filter((name) => name.includes('undici')) }));`,
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ laidOut: 10, undici: [] });
  });
});
