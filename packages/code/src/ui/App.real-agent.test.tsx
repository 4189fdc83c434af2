// The App on a real session: the real client, the real protocol server and Agent, a real model
// server (tools/mock-llm). The permission question is session state the App shows in place of
// the prompt and answers through the session; a message sent while a reply streams waits in
// the session's queue, shown, and is sent when the reply has ended.

import { afterEach, describe, expect, it } from 'vitest';
import { countWord, reconstructTerminal, stripAnsi } from '../test-support/ink-frames.js';
import { renderFrames, settle } from '../test-support/ink-frames.js';
import type { FrameRecorder } from '../test-support/ink-frames.js';
import { KEYS } from '../test-support/mount-app.js';
import { startRealSession } from '../test-support/real-session.js';
import type { RealSession } from '../test-support/real-session.js';
import { App } from './App.js';

let real: RealSession | undefined;
let terminal: FrameRecorder | undefined;
afterEach(async () => {
  terminal?.unmount();
  await real?.dispose();
  real = undefined;
});

async function waitUntil(what: string, test: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen in time.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await settle();
}

const live = (): string => stripAnsi(terminal!.lastFrame().live);
const output = (): string => stripAnsi(reconstructTerminal(terminal!.frames));

async function type(text: string): Promise<void> {
  for (const char of text) {
    terminal!.type(char);
    await settle();
  }
}

describe('the App on a real session', () => {
  it('shows the permission question from the session state and answers it through the session', async () => {
    real = await startRealSession({
      name: 'bash',
      turns: [
        {
          reply: [
            { type: 'tool_call', id: 'call-1', name: 'Bash', input: { command: 'expr from-bash' } },
          ],
        },
        { reply: [{ type: 'text', text: 'The command printed from-bash.' }] },
      ],
    });
    terminal = renderFrames(<App session={real.session} />, { columns: 100, rows: 30 });
    await settle();
    await type('run it');
    await type(KEYS.enter);
    await waitUntil('the question', () => live().includes('Permission needed'));
    expect(live()).toContain('Bash expr from-bash');
    expect(real.session.getSnapshot().permissionQuestions).toHaveLength(1);
    terminal.type('1');
    await waitUntil('the answer', () => output().includes('The command printed from-bash.'));
    await waitUntil(
      'the end of the turn',
      () => real!.session.getSnapshot().status.type === 'idle',
    );
    expect(real.session.getSnapshot().permissionQuestions).toEqual([]);
    expect(live()).not.toContain('Permission needed');
    expect(countWord(output(), 'from-bash.')).toBe(1);
  });

  it('queues a message sent while a reply streams, shows it, and sends it after', async () => {
    real = await startRealSession({
      name: 'queue',
      chunkSize: 4,
      delayMs: 15,
      turns: [
        {
          match: { lastUserContains: 'first' },
          reply: [{ type: 'text', numberedWords: { count: 60 } }],
        },
        {
          match: { lastUserContains: 'second' },
          reply: [{ type: 'text', text: 'Second answer.' }],
        },
      ],
    });
    terminal = renderFrames(<App session={real.session} />, { columns: 100, rows: 30 });
    await settle();
    await type('first');
    await type(KEYS.enter);
    await waitUntil('the reply streaming', () => output().includes('w3'));
    await type('second');
    await type(KEYS.enter);
    await waitUntil('the queue', () => live().includes('queued 1: second'));
    await waitUntil('the second answer', () => output().includes('Second answer.'));
    expect(live()).not.toContain('queued');
    expect(countWord(output(), 'w60')).toBe(1);
    const users = real.session
      .getSnapshot()
      .conversation.messages.filter((message) => message.role === 'user');
    expect(users).toHaveLength(2);
  });
});
