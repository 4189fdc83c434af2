// renderApp mounts the App the way the CLI does (Ink's real, throttled output path, not the
// debug mode the frame harness uses), and resolves waitUntilExit when the user leaves.

import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { ScriptedServer } from '../test-support/scripted-server.js';
import { TerminalStdin } from '../test-support/ink-frames.js';
import { sessionOn } from '../test-support/mount-app.js';
import {
  assistantAdded,
  finished,
  textDelta,
  textEnd,
  userMessage,
} from '../test-support/agent-events.js';
import { renderApp } from './render-app.js';

class Terminal extends EventEmitter {
  isTTY = true;
  columns = 80;
  rows = 24;
  output = '';
  writes = 0;
  write = (data: string): boolean => {
    this.output += data;
    this.writes += 1;
    return true;
  };
}

describe('renderApp', () => {
  it('writes the conversation and exits on /exit', async () => {
    const agent = new ScriptedServer();
    const stdout = new Terminal();
    const stdin = new TerminalStdin();
    const instance = renderApp({
      session: await sessionOn(agent),
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: new Terminal() as unknown as NodeJS.WriteStream,
    });
    agent.emit(
      userMessage('u1', 'hello'),
      assistantAdded('a1'),
      textDelta('a1', 'Hi from the agent'),
      textEnd('a1'),
      finished('a1'),
    );
    await vi.waitFor(() => expect(stdout.output).toContain('Hi from the agent'));
    const exited = instance.waitUntilExit();
    for (const key of '/exit') stdin.write(key);
    stdin.write('\r');
    await expect(exited).resolves.toBeUndefined();
  });

  it('keeps streaming under the 30 fps limit: a delta does not flush a frame of its own', async () => {
    // Ink writes a frame at once, past its throttle, when the <Static> history re-renders; the
    // history is memoized so that only an append does that. The clock is frozen before Ink
    // starts, so every throttle timer is a fake one: no trailing frame comes until the test
    // moves the clock, and every frame written while it stands is one that bypassed the throttle.
    const agent = new ScriptedServer();
    const stdout = new Terminal();
    const session = await sessionOn(agent);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const instance = renderApp({
      session,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new TerminalStdin() as unknown as NodeJS.ReadStream,
      stderr: new Terminal() as unknown as NodeJS.WriteStream,
    });
    try {
      agent.emit(userMessage('u1', 'stream'), assistantAdded('a1'), textDelta('a1', 'w0'));
      await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(1000);
      const before = stdout.writes;
      for (let i = 1; i <= 100; i++) {
        agent.emit(textDelta('a1', ` w${i}`));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(stdout.writes - before).toBeLessThan(10);
      // The frame clock's draw, then React's commit, then the throttle's trailing frame, once
      // their time comes, show every delta not shown yet (a frame is sent as what changed).
      const outputBefore = stdout.output.length;
      for (let step = 0; step < 2; step++) {
        vi.advanceTimersByTime(1000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const trailing = stdout.output.slice(outputBefore);
      for (let i = 2; i <= 100; i++) expect(trailing).toMatch(new RegExp(`\\bw${i}\\b`));
    } finally {
      vi.useRealTimers();
      instance.unmount();
    }
  });
});
