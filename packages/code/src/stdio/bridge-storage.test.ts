// --stdio when storage fails: a WAVE_HOME the bridge may not write, and a disk that fills up in
// the middle of a long reply. The host still gets every event of the reply, a warning that the
// session is not being saved, and the end of the turn (and of the next one). Real child
// process; how each fault is made is in test-support/storage-faults.ts.
import { expandText } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildLaunch } from '../test-support/storage-faults.js';
import { fileSizeLimit, readOnlyHome } from '../test-support/storage-faults.js';
import {
  assistantText,
  eventsOf,
  initializeParams,
  reduceEvents,
  spawnBridge,
  startMock,
  turnEnded,
  useTempDirs,
} from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

let bridge: BridgeChild | undefined;
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  bridge?.dispose();
  await mock?.close();
});

const LONG = { repeat: { pattern: 'all work and no play makes a long reply ', count: 10_000 } };

/** Two turns in one session; both must end, and the host must see every word. */
async function twoTurns(waveHome: string, work: string, launch: ChildLaunch) {
  mock = await startMock({
    name: 'two',
    chunkSize: 64,
    turns: [
      { match: { lastUserContains: 'one' }, reply: [{ type: 'text', ...LONG }] },
      { match: { lastUserContains: 'two' }, reply: [{ type: 'text', text: 'Second reply.' }] },
    ],
  });
  bridge = spawnBridge({ waveHome, cwd: work, launch });
  const { sessionId } = await bridge.request('initialize', initializeParams('openai', mock, work));
  await bridge.request('sendMessage', { sessionId, text: 'one' });
  await bridge.waitForEvent(turnEnded(sessionId), 30_000);
  await bridge.request('sendMessage', { sessionId, text: 'two' });
  await bridge.waitForEvent(
    (e) => turnEnded(sessionId)(e) && eventsOf(bridge!.events, sessionId, 'turnEnded').length === 2,
    30_000,
  );
  const state = reduceEvents(bridge.events, sessionId);
  const { messages } = await bridge.request('getMessages', { sessionId });
  expect(state.messages).toEqual(messages);
  expect(assistantText(state)).toBe(`${expandText(LONG)}Second reply.`);
  const warnings = eventsOf(bridge.events, sessionId, 'noticeAdded').filter((notice) =>
    notice.message.startsWith('This session is not being saved'),
  );
  expect(warnings).toHaveLength(1);
  expect(eventsOf(bridge.events, sessionId, 'turnEnded').map((e) => e.stopReason)).toEqual([
    'end_turn',
    'end_turn',
  ]);
  return warnings[0]!.message;
}

describe('wave --stdio when storage fails', () => {
  it('a WAVE_HOME it may not write: both turns end, with one warning', async () => {
    const home = readOnlyHome();
    const work = dir('work');
    try {
      const warning = await twoTurns(home.path, work, home.launch);
      expect(warning).toMatch(/permission denied \(EACCES\)/);
      expect(bridge!.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      home.remove();
    }
  });

  it('a disk that fills up mid-stream: both turns end, with one warning', async () => {
    const warning = await twoTurns(dir('home'), dir('work'), fileSizeLimit(64));
    expect(warning).toMatch(/largest size this system allows \(EFBIG\)/);
  });
});
