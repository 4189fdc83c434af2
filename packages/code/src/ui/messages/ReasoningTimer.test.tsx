// Thinking time (spec, 思考用时): "Thinking 9s" ticks once a second from the block's startedAt
// while it streams; "Thought for 15s" once it ended; no duration when the start is missing or
// the end comes before it. The 1 s timer runs only while some reasoning streams.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import {
  assistantAdded,
  finished,
  reasoningEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import { screens, settle } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
const START = Date.UTC(2026, 6, 22, 9, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(START);
});
afterEach(() => {
  app?.terminal.unmount();
  vi.useRealTimers();
});

const reasoning = (chunk: string, startedAt?: number): AgentEvent => ({
  type: 'assistantReasoningUpdated',
  messageId: 'a1',
  chunk,
  stage: 'streaming',
  ...(startedAt !== undefined ? { startedAt } : {}),
});

async function tick(seconds: number): Promise<void> {
  for (let second = 0; second < seconds; second += 1) {
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
  }
}

describe('the reasoning header', () => {
  it('ticks "Thinking Ns" every second while streaming, then shows "Thought for 15s"', async () => {
    app = await mountApp();
    await app.emit(
      userMessage('u1', 'think'),
      assistantAdded('a1'),
      reasoning('Considering the options', START),
    );
    expect(screens([app.terminal.lastFrame()])[0]).toContain('Thinking 0s');
    for (const second of [1, 2, 3]) {
      await tick(1);
      expect(screens([app.terminal.lastFrame()])[0]).toContain(`Thinking ${second}s`);
    }
    await tick(12);
    await app.emit(reasoningEnd('a1', START + 15_000), finished('a1'));
    const last = screens([app.terminal.lastFrame()])[0];
    expect(last).toContain('Thought for 15s');
    expect(last).not.toContain('Thinking');
    // Nothing counts any more: no timer is left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows no duration when the start is missing', async () => {
    app = await mountApp();
    await app.emit(
      userMessage('u1', 'think'),
      assistantAdded('a1'),
      reasoning('No clock on this one'),
    );
    await tick(3);
    const live = screens([app.terminal.lastFrame()])[0];
    expect(live).toMatch(/Thinking(?! \d)/);
    await app.emit(reasoningEnd('a1', START + 3_000), finished('a1'));
    const ended = screens([app.terminal.lastFrame()])[0];
    expect(ended).toMatch(/Thought(?! for)/);
    expect(ended).not.toMatch(/\d+s\b/);
  });

  it('shows no duration when it ended before it started', async () => {
    app = await mountApp();
    await app.emit(
      userMessage('u1', 'think'),
      assistantAdded('a1'),
      reasoning('Clock skew', START),
    );
    await app.emit(reasoningEnd('a1', START - 5_000), finished('a1'));
    const ended = screens([app.terminal.lastFrame()])[0];
    expect(ended).toMatch(/Thought(?! for)/);
    expect(ended).not.toMatch(/-\d+s|Thought for/);
  });

  it('shows the saved duration at once for a reloaded conversation', async () => {
    const { ScriptedServer } = await import('../../test-support/scripted-server.js');
    const { conversationFrom } = await import('@wave-agent/shared-protocol');
    const agent = new ScriptedServer(
      conversationFrom([
        {
          id: 'a0',
          role: 'assistant',
          createdAt: START,
          blocks: [
            {
              type: 'reasoning',
              content: 'Earlier thought',
              stage: 'end',
              startedAt: START - 60_000,
              endedAt: START - 51_000,
            },
          ],
        },
      ]),
    );
    app = await mountApp({ server: agent });
    expect(screens(app.terminal.frames).every((screen) => !screen.includes('Thinking'))).toBe(true);
    expect(screens([app.terminal.lastFrame()])[0]).toContain('Thought for 9s');
    expect(vi.getTimerCount()).toBe(0);
  });
});
