import { describe, expect, it } from 'vitest';
import { readHookResult } from './hook-output.js';

const exit = (exitCode: number | null, stdout = '', stderr = '') => ({ exitCode, stdout, stderr });

describe('readHookResult', () => {
  it('exit 2 blocks where the event can block, stderr saying why', () => {
    expect(readHookResult('PreToolUse', exit(2, '', 'no rm\n'), 1000)).toMatchObject({
      outcome: 'blocked',
      block: 'no rm',
    });
    expect(readHookResult('Stop', exit(2, '', 'run the tests'), 1000).block).toBe('run the tests');
    // PostToolUse cannot undo the call: its stderr goes to the model.
    expect(readHookResult('PostToolUse', exit(2, '', 'lint failed'), 1000)).toMatchObject({
      outcome: 'blocked',
      context: 'lint failed',
    });
    // Elsewhere it is shown, and the work goes on.
    expect(readHookResult('SessionStart', exit(2, '', 'x'), 1000)).toMatchObject({
      outcome: 'failed',
    });
  });

  it('another exit code is a warning and nothing is blocked', () => {
    const verdict = readHookResult('PreToolUse', exit(1, '', 'boom'), 1000);
    expect(verdict).toMatchObject({ outcome: 'failed' });
    expect(verdict.block).toBeUndefined();
    expect(verdict.message).toMatch(/exit code 1.*boom.*the work goes on/);
  });

  it('plain stdout is context for UserPromptSubmit and SessionStart only', () => {
    expect(readHookResult('UserPromptSubmit', exit(0, 'branch: main\n'), 1000).context).toBe(
      'branch: main',
    );
    expect(readHookResult('PreToolUse', exit(0, 'hello'), 1000).context).toBeUndefined();
  });

  it('reads the JSON fields', () => {
    const json = (value: object, event: Parameters<typeof readHookResult>[0] = 'PreToolUse') =>
      readHookResult(event, exit(0, JSON.stringify(value)), 1000);
    expect(
      json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'not on main',
        },
      }),
    ).toMatchObject({ outcome: 'blocked', block: 'not on main', permission: 'deny' });
    expect(
      json({
        hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: 'ls' } },
      }),
    ).toMatchObject({ outcome: 'ok', permission: 'allow', updatedInput: { command: 'ls' } });
    expect(json({ decision: 'block', reason: 'tests fail' }, 'Stop')).toMatchObject({
      block: 'tests fail',
    });
    expect(json({ continue: false, stopReason: 'enough' }, 'PostToolUse')).toMatchObject({
      outcome: 'blocked',
      stop: 'enough',
    });
    expect(json({ systemMessage: 'careful', suppressOutput: true }, 'Stop')).toMatchObject({
      outcome: 'ok',
      message: 'careful',
      output: '',
    });
    expect(
      json({ hookSpecificOutput: { additionalContext: 'use pnpm' } }, 'SessionStart').context,
    ).toBe('use pnpm');
  });

  it('says that Wave ended a hook at its timeout', () => {
    expect(readHookResult('Stop', { ...exit(null), ended: 'timeout' }, 60_000).message).toMatch(
      /Timed out after 60 s/,
    );
  });
});
