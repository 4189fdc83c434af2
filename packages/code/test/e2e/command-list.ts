// The measured command list of issue 37 (agent-sdk's
// permissions/read-only/command-list.fixture.json) and the repository it is measured in, for the
// CLI's end-to-end tests (print mode, the terminal, --stdio).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CommandList {
  readonly readOnly: readonly string[];
  readonly writing: readonly { readonly command: string; readonly why: string }[];
}

export const COMMAND_LIST = JSON.parse(
  readFileSync(
    new URL(
      '../../../agent-sdk/src/permissions/read-only/command-list.fixture.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as CommandList;

export const README = '# Demo\nTODO: more\n';

/** The repository the list is measured in: package.json, README.md, src/index.ts, one commit. */
export function commandListRepository(dir: string): void {
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "demo" }\n');
  writeFileSync(join(dir, 'README.md'), README);
  writeFileSync(join(dir, 'src', 'index.ts'), '// TODO\nexport {};\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first');
}
