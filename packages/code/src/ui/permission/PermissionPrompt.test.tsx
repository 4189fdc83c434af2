// The permission question: allow once, allow for the session, or deny with an optional reason;
// each choice resolves the agent's canUseTool promise with the matching decision.

import { afterEach, describe, expect, it } from 'vitest';
import { stripAnsi } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { KEYS, mountApp } from '../../test-support/mount-app.js';
import type { PermissionAnswer, PermissionQuestion } from './permission-bridge.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

function question(controller = new AbortController(), id = 'call-1'): PermissionQuestion {
  return {
    toolName: 'Bash',
    toolCallId: id,
    permission: 'execute',
    input: { command: 'rm -rf build' },
    compactParams: 'rm -rf build',
    reason: 'Bash runs commands on your machine',
    signal: controller.signal,
  };
}

/** Asks, lets the prompt render, and hands back the pending answer (wrapped: an async
 *  function returning a promise would wait for it). */
async function ask(
  q: PermissionQuestion = question(),
): Promise<{ readonly answer: Promise<PermissionAnswer> }> {
  const answer = app!.bridge.canUseTool(q);
  await app!.emit();
  return { answer };
}

function live(): string {
  return stripAnsi(app!.terminal.lastFrame().live);
}

describe('the permission prompt', () => {
  it('shows the call, the reason and the three choices instead of the input', async () => {
    app = await mountApp();
    await ask();
    expect(live()).toContain('Permission needed');
    expect(live()).toContain('Bash rm -rf build');
    expect(live()).toContain('Bash runs commands on your machine');
    expect(live()).toContain('1. Allow once');
    expect(live()).toContain('2. Allow Bash for this session');
    expect(live()).toContain('3. Deny');
    expect(live()).not.toContain('Type a message');
  });

  it('1 allows once', async () => {
    app = await mountApp();
    const { answer } = await ask();
    await app.type('1');
    await expect(answer).resolves.toEqual({ decision: 'allow' });
    expect(live()).not.toContain('Permission needed');
  });

  it('↓ then Enter allows for the session', async () => {
    app = await mountApp();
    const { answer } = await ask();
    await app.type(KEYS.down);
    await app.type(KEYS.enter);
    await expect(answer).resolves.toEqual({ decision: 'allowSession' });
  });

  it('3 asks why, and denies with the reason typed', async () => {
    app = await mountApp();
    const { answer } = await ask();
    await app.type('3');
    expect(live()).toContain('Why not?');
    for (const char of 'too risky') await app.type(char);
    await app.type(KEYS.enter);
    await expect(answer).resolves.toEqual({ decision: 'deny', reason: 'too risky' });
  });

  it('denies without a reason when none is typed, or on Esc', async () => {
    app = await mountApp();
    const { answer: first } = await ask(question(new AbortController(), 'a'));
    await app.type('3');
    await app.type(KEYS.enter);
    await expect(first).resolves.toEqual({ decision: 'deny' });
    const { answer: second } = await ask(question(new AbortController(), 'b'));
    await app.type(KEYS.escape);
    await expect(second).resolves.toEqual({ decision: 'deny' });
  });

  it('asks queued questions one after the other', async () => {
    app = await mountApp();
    const { answer: first } = await ask(question(new AbortController(), 'a'));
    const { answer: second } = await ask({
      ...question(new AbortController(), 'b'),
      toolName: 'Write',
      compactParams: 'notes.md',
    });
    expect(live()).toContain('Bash rm -rf build');
    await app.type('1');
    await expect(first).resolves.toEqual({ decision: 'allow' });
    expect(live()).toContain('Write notes.md');
    await app.type('2');
    await expect(second).resolves.toEqual({ decision: 'allowSession' });
  });

  it('goes away when the turn is aborted', async () => {
    app = await mountApp();
    const controller = new AbortController();
    const { answer } = await ask(question(controller));
    controller.abort();
    await app.emit();
    await expect(answer).resolves.toMatchObject({ decision: 'deny' });
    expect(live()).not.toContain('Permission needed');
    expect(live()).toContain('Type a message');
  });
});
