// `pnpm --filter ./packages/vscode run package`: builds, then writes wave-<version>.vsix beside
// this package with @vscode/vsce, never stopping to ask. The .vsix is made from a staging folder
// holding exactly what the extension runs from (dist/, the icon, README, LICENSE) and a manifest
// without the workspace's dependencies: everything the extension needs is bundled into dist/.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import './build.mjs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const manifest = JSON.parse(readFileSync(here('../package.json'), 'utf8'));
const {
  scripts: _scripts,
  dependencies: _deps,
  devDependencies: _dev,
  private: _private,
  ...shipped
} = manifest;
const vsce = join(
  dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')),
  'vsce',
);
const out = here(`../wave-${manifest.version}.vsix`);

const stage = mkdtempSync(join(tmpdir(), 'wave-vsix-'));
try {
  for (const item of ['dist', 'media', 'README.md', 'LICENSE'])
    cpSync(here(`../${item}`), join(stage, item), { recursive: true });
  // The marketplace's name has no npm scope.
  writeFileSync(
    join(stage, 'package.json'),
    JSON.stringify(
      { ...shipped, name: 'wave', files: ['dist', 'media', 'LICENSE', 'README.md'] },
      null,
      2,
    ),
  );
  const run = spawnSync(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--out', out],
    // No stdin: a question vsce might ask fails at once instead of waiting for an answer.
    { cwd: stage, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.status !== 0) {
    console.error(
      `vsce could not package the extension (exit ${run.status ?? run.signal}); its message is above.`,
    );
    process.exit(1);
  }
} finally {
  rmSync(stage, { recursive: true, force: true });
}
