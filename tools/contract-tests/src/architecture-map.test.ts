// docs/ARCHITECTURE.md is the map of the code; this keeps it true. It fails when a folder appears
// under some package's `src/` that the map's §10 does not name, when a path the map names is
// gone, or when a part of the agent (a field of AgentParts) is not named in §5.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { agentParts, mapProblems, mappedFolders } from './map/architecture-map.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the map and the parts' file in a tree of its own, with the folders asked for. */
function tree(folders: readonly string[], edit: (map: string) => string = (map) => map): string {
  const dir = mkdtempSync(join(tmpdir(), 'wave-map-'));
  made.push(dir);
  for (const folder of folders) mkdirSync(join(dir, folder), { recursive: true });
  mkdirSync(join(dir, 'docs'));
  writeFileSync(
    join(dir, 'docs/ARCHITECTURE.md'),
    edit(readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8')),
  );
  mkdirSync(join(dir, 'packages/agent-sdk/src/agent'), { recursive: true });
  cpSync(
    join(root, 'packages/agent-sdk/src/agent/agent-parts.ts'),
    join(dir, 'packages/agent-sdk/src/agent/agent-parts.ts'),
  );
  return dir;
}

describe('docs/ARCHITECTURE.md', () => {
  it('names every folder of every src/, every path it names exists, and every part of the agent', () => {
    expect(mapProblems(root)).toEqual([]);
  });

  it('reads the parts of the agent and the folders of §10 (the check is not empty)', () => {
    const map = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    const parts = agentParts(
      readFileSync(join(root, 'packages/agent-sdk/src/agent/agent-parts.ts'), 'utf8'),
    );
    expect(parts.map((part) => part.name)).toContain('hub');
    expect(parts.length).toBeGreaterThan(20);
    expect(mappedFolders(map)).toContain('packages/agent-sdk/src/server');
  });
});

describe('the map check', () => {
  it('fails on a folder the map does not name', () => {
    const dir = tree(['packages/agent-sdk/src/server', 'packages/agent-sdk/src/planted']);
    expect(mapProblems(dir)).toContainEqual(
      expect.stringMatching(
        /^packages\/agent-sdk\/src\/planted\/ is a folder the map does not name/,
      ),
    );
  });

  it('fails on a folder it names that is gone, and on a named file that is gone', () => {
    const dir = tree([], (map) => `${map}\nSee \`server/gone-file.ts\`.\n`);
    const problems = mapProblems(dir);
    expect(problems).toContainEqual(
      expect.stringContaining('names packages/agent-sdk/src/server/, which is gone'),
    );
    expect(problems).toContainEqual(expect.stringContaining('`server/gone-file.ts`'));
  });

  it('fails on a part of the agent §5 does not name', () => {
    const dir = tree([], (map) =>
      map.replaceAll('`AgentHooks`', 'the hooks').replaceAll('`hooks`', 'the hooks'),
    );
    expect(mapProblems(dir)).toContainEqual(
      "The agent's part `hooks` (`AgentHooks`) is not named in docs/ARCHITECTURE.md §5: add a line saying what it is.",
    );
  });
});
