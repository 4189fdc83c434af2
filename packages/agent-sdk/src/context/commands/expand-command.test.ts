import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandCommand } from './expand-command.js';

function work(): string {
  const root = mkdtempSync(join(tmpdir(), 'wave-expand-'));
  mkdirSync(join(root, 'work', 'src'), { recursive: true });
  writeFileSync(join(root, 'work', 'src', 'app.ts'), 'export const app = 1;');
  writeFileSync(join(root, 'secret.txt'), 'SECRET');
  symlinkSync(join(root, 'secret.txt'), join(root, 'work', 'link.txt'));
  return join(root, 'work');
}

const noShell = () => Promise.reject(new Error('no shell here'));

describe('expandCommand', () => {
  it('puts in $ARGUMENTS and $1…$9 (quoted words count as one)', async () => {
    const text = await expandCommand(
      'All: $ARGUMENTS. First: $1. Second: $2. Third: [$3]',
      '12 "the tests"',
      {
        workdir: work(),
        runShell: noShell,
      },
    );
    expect(text).toBe('All: 12 "the tests". First: 12. Second: the tests. Third: []');
  });

  it('appends the arguments when the template uses none', async () => {
    expect(
      await expandCommand('Review.', 'carefully', { workdir: work(), runShell: noShell }),
    ).toBe('Review.\n\nARGUMENTS: carefully');
  });

  it('replaces each !`command` with what runShell says, in order', async () => {
    const ran: string[] = [];
    const text = await expandCommand('Status:\n!`git status`\nDiff: !`git diff $1`', 'main', {
      workdir: work(),
      runShell: (command) => {
        ran.push(command);
        return Promise.resolve(`<${command}>`);
      },
    });
    expect(ran).toEqual(['git status', 'git diff main']);
    expect(text).toBe('Status:\n<git status>\nDiff: <git diff main>');
  });

  it('includes @files inside the work folder, and not one that leads outside', async () => {
    const text = await expandCommand('Look at @src/app.ts and @link.txt and @nobody', '', {
      workdir: work(),
      runShell: noShell,
    });
    expect(text).toContain('Contents of src/app.ts:\n```\nexport const app = 1;\n```');
    expect(text).toContain('link.txt is outside the work folder');
    expect(text).not.toContain('SECRET');
  });

  it('does not include an @file a deny rule for Read covers, nor a link to it', async () => {
    const workdir = work();
    writeFileSync(join(workdir, '.env'), 'TOKEN=sk-secret');
    symlinkSync(join(workdir, '.env'), join(workdir, 'env.txt'));
    const env = realpathSync(join(workdir, '.env'));
    const text = await expandCommand('Check @.env and @env.txt and @src/app.ts', '', {
      workdir,
      runShell: noShell,
      readDenied: (realPath) => realPath === env,
    });
    expect(text).not.toContain('sk-secret');
    expect(text).toContain(
      '(.env is covered by a deny rule for Read in the permission settings, so its content was not included.)',
    );
    expect(text).toContain('(env.txt is covered by a deny rule for Read');
    expect(text).toContain('Contents of src/app.ts:');
  });
});
