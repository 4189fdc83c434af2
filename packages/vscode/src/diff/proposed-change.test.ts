// What the diff editor shows for an Edit or Write question (pure: files in a temp folder, no
// `vscode` module). The diff editor itself is checked in VS Code (test/real-vscode).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionQuestion } from '@wave-agent/client';
import { proposedChange } from './proposed-change.js';

const workdir = mkdtempSync(join(tmpdir(), 'wave-proposed-'));
writeFileSync(join(workdir, 'a.ts'), 'const a = 1;\nconst b = 1;\n');

function question(toolName: string, input: unknown): PermissionQuestion {
  return {
    requestId: 'r1',
    toolName,
    toolCallId: 't1',
    input: JSON.stringify(input),
    reason: 'because',
    requestedAt: 0,
  };
}

describe('the proposed change of a permission question', () => {
  it('a Write: the file as it is (empty when new) and the content', () => {
    expect(
      proposedChange(question('Write', { file_path: 'new.txt', content: 'hi\n' }), workdir),
    ).toEqual({
      requestId: 'r1',
      path: 'new.txt',
      current: '',
      proposed: 'hi\n',
    });
  });

  it('an Edit: the first occurrence replaced, or every one with replace_all', () => {
    const edit = { file_path: join(workdir, 'a.ts'), old_string: ' = 1;', new_string: ' = 2;' };
    expect(proposedChange(question('Edit', edit), workdir)?.proposed).toBe(
      'const a = 2;\nconst b = 1;\n',
    );
    expect(
      proposedChange(question('Edit', { ...edit, replace_all: true }), workdir)?.proposed,
    ).toBe('const a = 2;\nconst b = 2;\n');
  });

  it('nothing for a file outside the folder, a text not in the file, another tool or bad input', () => {
    expect(
      proposedChange(question('Write', { file_path: '../x.txt', content: 'x' }), workdir),
    ).toBeUndefined();
    expect(
      proposedChange(question('Write', { file_path: '/etc/passwd', content: 'x' }), workdir),
    ).toBeUndefined();
    expect(
      proposedChange(
        question('Edit', { file_path: 'a.ts', old_string: 'nope', new_string: 'x' }),
        workdir,
      ),
    ).toBeUndefined();
    expect(proposedChange(question('Bash', { command: 'ls' }), workdir)).toBeUndefined();
    expect(
      proposedChange({ ...question('Write', {}), input: 'not json' }, workdir),
    ).toBeUndefined();
  });
});
