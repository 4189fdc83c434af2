// The main entry is for browsers too (a webview, an Electron renderer): nothing it loads may
// need Node. This walks every module `@wave-agent/client` loads — its own and shared-protocol's —
// and fails on any `node:` import or Node-only package. The Node entry is the place for those.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGES: Readonly<Record<string, string>> = {
  '@wave-agent/shared-protocol': resolve(here, '../../shared-protocol/src/index.ts'),
  '@wave-agent/shared-protocol/node': resolve(here, '../../shared-protocol/src/node.ts'),
};
/** Packages a browser bundle may load. */
const BROWSER_SAFE = new Set(['zod']);

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'/gm)]
    .concat([...source.matchAll(/^\s*import\s+'([^']+)'/gm)])
    .filter((match) => !/^\s*(?:import|export)\s+type\s/.test(match[0]))
    .map((match) => match[1]!);
}

/** Every module loaded from `entry`, and every package import outside the workspace. */
function walk(entry: string): { files: string[]; external: string[] } {
  const files = new Set<string>();
  const external = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.'))
        pending.push(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else if (PACKAGES[specifier]) pending.push(PACKAGES[specifier]);
      else external.add(specifier);
    }
  }
  return { files: [...files], external: [...external] };
}

describe('the entry points', () => {
  it('load nothing that needs Node from the main entry', () => {
    const { files, external } = walk(join(here, 'index.ts'));
    expect(files.length).toBeGreaterThan(20);
    expect(external.filter((name) => !BROWSER_SAFE.has(name))).toEqual([]);
    expect(files.some((file) => file.includes(`${join('src', 'node')}`))).toBe(false);
  });

  it('keep Node to the node entry', () => {
    const { external } = walk(join(here, 'node', 'index.ts'));
    expect(external.sort()).toEqual(['node:child_process', 'node:fs', 'node:path', 'zod']);
  });
});
