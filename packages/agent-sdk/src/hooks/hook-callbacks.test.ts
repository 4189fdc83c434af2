import { describe, expect, it } from 'vitest';
import { readHookCallbacks, runHookCallback } from './hook-callbacks.js';

const never = (_input: unknown, signal: AbortSignal) =>
  new Promise<unknown>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('withdrawn')), { once: true }),
  );

describe('hook callbacks', () => {
  it('become configured hooks; an unknown event or a bad matcher is a sentence, not a hook', () => {
    const run = () => Promise.resolve({});
    const config = readHookCallbacks([
      { event: 'PreToolUse', matcher: 'Write|Edit', name: 'hook_0', source: 'the app', run },
      { event: 'TeammateIdle', name: 'hook_1', source: 'the app', run },
      { event: 'PostToolUse', matcher: '(', name: 'hook_2', source: 'the app', run },
    ]);
    expect(config.hooks.map((hook) => [hook.event, hook.command, hook.timeoutMs])).toEqual([
      ['PreToolUse', 'hook_0', 60_000],
    ]);
    expect(config.hooks[0]?.matches('Edit')).toBe(true);
    expect(config.hooks[0]?.matches('Bash')).toBe(false);
    expect(config.problems).toHaveLength(2);
    expect(config.problems[0]).toContain('"TeammateIdle", an event Wave does not have');
    expect(config.problems[1]).toContain('matcher "(" is not a valid regular expression');
  });

  it("reads the answer as a command's JSON output", async () => {
    const deny = () =>
      Promise.resolve({
        systemMessage: 'Careful.',
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'Not here.' },
      });
    const verdict = await runHookCallback(
      'PreToolUse',
      deny,
      {},
      1000,
      new AbortController().signal,
    );
    expect(verdict).toMatchObject({
      outcome: 'blocked',
      block: 'Not here.',
      permission: 'deny',
      message: 'Careful.',
    });
    const stop = () => Promise.resolve({ continue: false, stopReason: 'Enough.' });
    expect(
      await runHookCallback('PostToolUse', stop, {}, 1000, new AbortController().signal),
    ).toMatchObject({ stop: 'Enough.' });
    // Nothing to say: the work goes on.
    expect(
      await runHookCallback(
        'Stop',
        () => Promise.resolve({}),
        {},
        1000,
        new AbortController().signal,
      ),
    ).toMatchObject({ outcome: 'ok' });
  });

  it('a failure, an unreadable answer, a timeout and an abort let the work go on', async () => {
    const signal = new AbortController().signal;
    const failed = await runHookCallback(
      'PreToolUse',
      () => Promise.reject(new Error('the app broke')),
      {},
      1000,
      signal,
    );
    expect(failed).toMatchObject({ outcome: 'failed' });
    expect(failed.message).toContain('the app broke');
    expect(failed.block).toBeUndefined();
    const odd = await runHookCallback('PreToolUse', () => Promise.resolve(42), {}, 1000, signal);
    expect(odd).toMatchObject({ outcome: 'failed' });
    const late = await runHookCallback('PreToolUse', never, {}, 50, signal);
    expect(late).toMatchObject({ outcome: 'timeout' });
    expect(late.message).toContain('Timed out after 0.1 s');
    const stopping = new AbortController();
    const aborted = runHookCallback('PreToolUse', never, {}, 60_000, stopping.signal);
    stopping.abort();
    expect(await aborted).toMatchObject({ outcome: 'aborted' });
  });
});
