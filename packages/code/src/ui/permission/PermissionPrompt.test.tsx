// The permission question: the first question of the session state shows instead of the prompt;
// allow once, allow for the session, or deny with an optional reason, each answered through the
// session (answerPermission) with the matching decision; Esc stops the turn; a question another
// host answered, or a stopped turn withdrew, goes away.

import { afterEach, describe, expect, it } from 'vitest';
import { stripAnsi } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { KEYS, mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

async function ask(
  extra: { requestId?: string; toolName?: string; compactParams?: string } = {},
): Promise<string> {
  const requestId = app!.server.askPermission({
    toolName: 'Bash',
    input: '{"command":"rm -rf build"}',
    compactParams: 'rm -rf build',
    ...extra,
  });
  await app!.emit();
  return requestId;
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
    const requestId = await ask();
    await app.type('1');
    expect(app.server.permissionAnswers).toEqual([{ requestId, decision: 'allow' }]);
    expect(live()).not.toContain('Permission needed');
  });

  it('↓ then Enter allows for the session', async () => {
    app = await mountApp();
    const requestId = await ask();
    await app.type(KEYS.down);
    await app.type(KEYS.enter);
    expect(app.server.permissionAnswers).toEqual([{ requestId, decision: 'allowSession' }]);
  });

  it('3 asks why, and denies with the reason typed', async () => {
    app = await mountApp();
    const requestId = await ask();
    await app.type('3');
    expect(live()).toContain('Why not?');
    for (const char of 'too risky') await app.type(char);
    await app.type(KEYS.enter);
    expect(app.server.permissionAnswers).toEqual([
      { requestId, decision: 'deny', reason: 'too risky' },
    ]);
  });

  it('denies without a reason when none is typed', async () => {
    app = await mountApp();
    const first = await ask({ requestId: 'a' });
    await app.type('3');
    await app.type(KEYS.enter);
    expect(app.server.permissionAnswers).toEqual([{ requestId: first, decision: 'deny' }]);
  });

  it('Esc stops the turn (which denies the question), instead of only denying this call', async () => {
    app = await mountApp();
    app.server.startTurn('clean up');
    await ask({ requestId: 'a' });
    await app.type(KEYS.escape);
    expect(app.server.abortCount).toBe(1);
    expect(app.server.permissionAnswers).toEqual([]);
  });

  it('asks waiting questions one after the other', async () => {
    app = await mountApp();
    const first = await ask({ requestId: 'a' });
    const second = await ask({ requestId: 'b', toolName: 'Write', compactParams: 'notes.md' });
    expect(live()).toContain('Bash rm -rf build');
    await app.type('1');
    expect(live()).toContain('Write notes.md');
    await app.type('2');
    expect(app.server.permissionAnswers).toEqual([
      { requestId: first, decision: 'allow' },
      { requestId: second, decision: 'allowSession' },
    ]);
  });

  it('goes away when it is resolved elsewhere (another host, a stopped turn)', async () => {
    app = await mountApp();
    const requestId = await ask();
    await app.emit({
      type: 'permissionResolved',
      requestId,
      decision: 'deny',
      reason: 'The turn was stopped before anyone answered.',
    });
    expect(live()).not.toContain('Permission needed');
    expect(live()).toContain('Type a message');
    expect(app.server.permissionAnswers).toEqual([]);
  });
});
