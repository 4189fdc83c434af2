import { describe, expect, it } from 'vitest';
import { stripAnsi } from '../render/ansi.js';
import { nextPermissionMode } from './permission-mode-cycle.js';
import { shortenPath, statusText } from './status-text.js';

describe('the status line', () => {
  it('shortens the working directory', () => {
    expect(shortenPath('/home/me/code/wave', 32, '/home/me')).toBe('~/code/wave');
    expect(shortenPath('/srv/a/very/long/path/to/some/project/dir', 20, '/home/me')).toBe(
      '…/project/dir',
    );
  });

  it('shows the model, mode, tokens, a running indicator and the directory', () => {
    const line = stripAnsi(
      statusText(
        {
          model: 'm1',
          workdir: '/home/me/x',
          permissionMode: 'plan',
          tokens: 1500,
          runningSeconds: 3,
        },
        200,
        '/home/me',
      ),
    );
    expect(line).toBe('m1 · plan mode · 1.5k tokens · ● working 3s · Esc to stop · ~/x');
  });
});

describe('permission mode cycle', () => {
  it('skips bypassing permissions unless the session started with it', () => {
    expect(nextPermissionMode('plan', false)).toBe('default');
    expect(nextPermissionMode('plan', true)).toBe('bypassPermissions');
    expect(nextPermissionMode('bypassPermissions', false)).toBe('default');
  });
});
