// The bridge's process: stdout holds protocol frames and nothing else (even when a library
// prints), and when the host disconnects, the running turn is aborted, the session is saved and
// the process exits 0. Real child process, real mock model.
import { readdirSync } from 'node:fs';
import { readSessionFile } from '@wave-agent/agent-sdk';
import { join } from 'node:path';
import { expandText } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { applyEvents, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { afterEach, expect, it } from 'vitest';
import {
  assistantText,
  initializeParams,
  reduceEvents,
  spawnBridge,
  splitFrames,
  startMock,
  useTempDirs,
  turnFinished,
} from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

let bridge: BridgeChild | undefined;
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  bridge?.dispose();
  await mock?.close();
});

/** The events stored in a session file (after its header line). */
function storedEvents(waveHome: string, sessionId: string): AgentEvent[] {
  const sessions = join(waveHome, 'sessions');
  const folder = readdirSync(sessions).find((name) =>
    readdirSync(join(sessions, name)).includes(`${sessionId}.jsonl`),
  );
  if (!folder) throw new Error(`no session file for ${sessionId} under ${sessions}`);
  const { events, problems } = readSessionFile(join(sessions, folder, `${sessionId}.jsonl`));
  expect(problems).toEqual([]);
  return [...events];
}

// Runs in the child before wave: once wave has taken stdout over, it prints like a careless library.
const STRAY_PRINTER = `data:text/javascript,${encodeURIComponent(`
  const original = process.stdout.write;
  const timer = setInterval(() => {
    if (process.stdout.write === original) return;
    clearInterval(timer);
    console.log('stray console.log from a library');
    process.stdout.write('stray process.stdout.write\\n');
  }, 5);
  timer.unref();
`)}`;

it('writes only Content-Length frames on stdout; what a library prints goes to stderr', async () => {
  mock = await startMock({
    name: 'frames',
    chunkSize: 3,
    turns: [{ reply: [{ type: 'text', text: 'Ünïcødé ✓ and "quotes"\n' }] }],
  });
  bridge = spawnBridge({
    waveHome: dir('home'),
    cwd: dir('cwd'),
    nodeArgs: [`--import=${STRAY_PRINTER}`],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('anthropic', mock, dir('work')),
  );
  await bridge.waitForStderr('stray console.log from a library');
  await bridge.waitForStderr('stray process.stdout.write');
  await bridge.request('sendMessage', { sessionId, text: 'hello' });
  await bridge.waitForEvent(turnFinished(sessionId));
  bridge.writeRaw('Content-Length: 5\r\n\r\n{bad}');
  await bridge.request('getMessages', { sessionId });
  expect(await bridge.disconnect()).toBe(0);

  const { frames, rest } = splitFrames(bridge.stdoutBytes());
  expect(rest.length).toBe(0);
  // Every frame is a response or a notification; together they are the whole stream.
  expect(frames.length).toBeGreaterThan(10);
  expect(frames.every((f) => 'method' in f.body || 'result' in f.body || 'error' in f.body)).toBe(
    true,
  );
  expect(bridge.stdoutBytes().toString('utf8')).not.toContain('stray');
});

it('on disconnect aborts the running turn, saves the session and exits 0', async () => {
  const slow = { numberedWords: { count: 400, prefix: 'slow' } };
  mock = await startMock({
    name: 'disconnect',
    chunkSize: 4,
    turns: [
      { match: { lastUserContains: 'first' }, reply: [{ type: 'text', text: 'First answer.' }] },
      { match: { lastUserContains: 'second' }, delayMs: 15, reply: [{ type: 'text', ...slow }] },
    ],
  });
  const waveHome = dir('home');
  bridge = spawnBridge({ waveHome, cwd: dir('cwd') });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await bridge.request('sendMessage', { sessionId, text: 'first' });
  await bridge.waitForEvent(turnFinished(sessionId));
  await bridge.request('sendMessage', { sessionId, text: 'second' });
  // Some of the slow reply has arrived; the host goes away mid-stream.
  await bridge.waitForEvent(() =>
    assistantText(reduceEvents(bridge!.events, sessionId)).includes('slow3'),
  );
  expect(await bridge.disconnect()).toBe(0);

  const saved = applyEvents(emptyConversation, storedEvents(waveHome, sessionId)).messages;
  // The stopped reply, then the notice that says so (for the next host and the model).
  expect(saved.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'system']);
  expect(saved[4]!.blocks).toMatchObject([
    { type: 'notice', message: expect.stringMatching(/^Interrupted/) },
  ]);
  const savedText = assistantText({ messages: saved, unmatchedEvents: 0 });
  const scripted = `First answer.${expandText(slow)}`;
  // Aborted, not finished: the saved reply is a part of the scripted one, and it is well formed.
  expect(savedText.startsWith('First answer.slow1 slow2 slow3')).toBe(true);
  expect(scripted.startsWith(savedText)).toBe(true);
  expect(savedText.length).toBeLessThan(scripted.length);
  expect(saved[3]!.blocks.every((b) => b.type !== 'text' || b.stage === 'end')).toBe(true);
  // What the host saw is in the file.
  const seen = reduceEvents(bridge.events, sessionId);
  expect(savedText.startsWith(assistantText(seen))).toBe(true);
  expect(saved.slice(0, 2)).toEqual(seen.messages.slice(0, 2));
});
