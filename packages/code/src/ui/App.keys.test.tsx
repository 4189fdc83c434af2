// Global keys: Esc stops the running reply (its partial text stays), Ctrl+C twice within 2 s
// exits (the first press only shows a hint), Shift+Tab cycles the permission mode, Alt+T the
// effort.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistantAdded, textDelta, userMessage } from '../test-support/agent-events.js';
import { settle, stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';
import { ScriptedServer } from '../test-support/scripted-server.js';

let app: MountedApp | undefined;
afterEach(() => {
  app?.terminal.unmount();
  vi.useRealTimers();
});

function screen(): string {
  return stripAnsi(app!.terminal.lastFrame().screen);
}

describe('keys', () => {
  it('Esc stops the running reply and keeps its partial text', async () => {
    app = await mountApp();
    await app.type('go');
    await app.type(KEYS.enter);
    await app.emit(
      userMessage('u1', 'go'),
      assistantAdded('a1'),
      textDelta('a1', 'Partial answer'),
    );
    await app.type(KEYS.escape);
    expect(app.server.abortCount).toBe(1);
    expect(screen()).toContain('Partial answer');
  });

  it('Esc does nothing when no reply runs', async () => {
    app = await mountApp();
    await app.type(KEYS.escape);
    expect(app.server.abortCount).toBe(0);
  });

  it('Ctrl+C once shows a hint; twice within 2 s exits', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    app = await mountApp();
    await app.type(KEYS.ctrlC);
    expect(screen()).toContain('Press Ctrl+C again to exit');
    // Too late: the hint is gone and the next press starts over.
    await vi.advanceTimersByTimeAsync(2_500);
    await settle();
    expect(screen()).not.toContain('Press Ctrl+C again to exit');
    await app.type(KEYS.ctrlC);
    expect(screen()).toContain('Press Ctrl+C again to exit');
    const framesBefore = app.terminal.frames.length;
    await vi.advanceTimersByTimeAsync(1_000);
    await app.type(KEYS.ctrlC);
    // Exited: the app unmounted, so typing changes nothing any more.
    await app.type('x');
    const after = app.terminal.frames.slice(framesBefore).map((frame) => stripAnsi(frame.live));
    expect(after.every((live) => !live.includes('> x'))).toBe(true);
  });

  it('Shift+Tab cycles default → accept edits → plan → default', async () => {
    app = await mountApp();
    expect(screen()).toContain('asks before changes');
    await app.type(KEYS.shiftTab);
    expect(app.server.state.permissionMode).toBe('acceptEdits');
    expect(screen()).toContain('accepts edits');
    await app.type(KEYS.shiftTab);
    expect(app.server.state.permissionMode).toBe('plan');
    expect(screen()).toContain('plan mode');
    await app.type(KEYS.shiftTab);
    expect(app.server.state.permissionMode).toBe('default');
  });

  it('Alt+T cycles the effort high → max → off → low, shown in the status line', async () => {
    app = await mountApp();
    expect(screen()).toContain('effort high');
    await app.type(KEYS.altT);
    expect(app.server.state.effort).toBe('max');
    expect(screen()).toContain('effort max');
    await app.type(KEYS.altT);
    expect(app.server.state.effort).toBe('off');
    expect(screen()).toContain('thinking off');
    await app.type(KEYS.altT);
    expect(app.server.state.effort).toBe('low');
    // The key is the App's: nothing was typed into the prompt.
    expect(screen()).not.toMatch(/> t/);
  });

  it('/effort LEVEL sets the effort; a word that is no level says which are', async () => {
    app = await mountApp();
    await app.type('/effort medium');
    await app.type(KEYS.enter);
    expect(app.server.state.effort).toBe('medium');
    expect(screen()).toContain('Effort is now medium');
    await app.type('/effort hard');
    await app.type(KEYS.enter);
    expect(app.server.state.effort).toBe('medium');
    expect(screen()).toContain('"hard" is not an effort level');
  });

  it('includes bypassing permissions in the cycle only when the session started that way', async () => {
    const server = new ScriptedServer(undefined, { permissionMode: 'bypassPermissions' });
    app = await mountApp({ server });
    const seen: string[] = [];
    for (let press = 0; press < 4; press += 1) {
      await app.type(KEYS.shiftTab);
      seen.push(server.state.permissionMode);
    }
    expect(seen).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions']);
  });
});
