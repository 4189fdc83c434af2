// Frames a host got wrong never make the bridge deaf: each costs one parse error (-32700, id
// null) and the next good request is answered. Input that is not framed at all, or that ends
// inside a frame, ends the bridge with a sentence on stderr and a non-zero exit code, so the host
// notices. Real child process, raw bytes on its stdin.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnBridge, splitFrames, tempDir, useTempDirs } from './test-kit.js';
import type { BridgeChild, Frame } from './test-kit.js';

const listSessions = (id: number): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'listSessions', params: {} });

function frame(body: string, length = Buffer.byteLength(body)): string {
  return `Content-Length: ${length}\r\n\r\n${body}`;
}

function isParseError(candidate: Frame): boolean {
  const { error } = candidate.body as { error?: { code: number } };
  return candidate.body.id === null && error?.code === RPC_ERROR_CODES.parseError;
}

function parseErrorsIn(bridge: BridgeChild): Frame[] {
  return splitFrames(bridge.stdoutBytes()).frames.filter(isParseError);
}

describe('a bridge that has been talking', () => {
  let bridge: BridgeChild;
  let home: { path: string; remove: () => void };
  let cwd: { path: string; remove: () => void };
  let seen = 0;

  beforeAll(async () => {
    home = tempDir('home');
    cwd = tempDir('cwd');
    bridge = spawnBridge({ waveHome: home.path, cwd: cwd.path });
    await expect(bridge.request('listSessions', {})).resolves.toEqual({ sessions: [] });
  });

  afterAll(() => {
    bridge.dispose();
    home.remove();
    cwd.remove();
  });

  /** Sends the bad bytes, then waits for one more parse error and a good answer after it. */
  async function recovers(bad: string, message: RegExp): Promise<void> {
    bridge.writeRaw(bad);
    seen += 1;
    const want = seen;
    await bridge.waitForFrame(() => parseErrorsIn(bridge).length >= want);
    const error = parseErrorsIn(bridge)[want - 1]!;
    expect((error.body.error as { message: string }).message).toMatch(message);
    await expect(bridge.request('listSessions', {})).resolves.toEqual({ sessions: [] });
  }

  const cases: readonly [string, () => string, RegExp][] = [
    [
      'no Content-Length',
      () => `Content-Type: application/json\r\n\r\n${listSessions(1)}`,
      /no Content-Length/,
    ],
    ['a garbage Content-Length', () => `Content-Length: lots\r\n\r\n${listSessions(2)}`, /"lots"/],
    [
      'a length one byte short',
      () => frame(listSessions(3), Buffer.byteLength(listSessions(3)) - 1),
      /not valid JSON/,
    ],
    [
      'a length counted in characters ("café")',
      () => {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'café', params: {} });
        return frame(body, body.length);
      },
      /bytes of UTF-8/,
    ],
    ['a bare JSON line', () => `${listSessions(5)}\n`, /without a Content-Length header/],
    [
      'a length of 2,000,000,000 (refused unread)',
      () => `Content-Length: 2000000000\r\n\r\n${'x'.repeat(256 * 1024)}`,
      /above the limit/,
    ],
  ];
  for (const [what, bad, message] of cases) {
    it(`answers ${what} with a parse error and serves the next request`, async () => {
      await recovers(bad(), message);
    });
  }

  it('answers a length one byte long, after a moment without the missing byte', async () => {
    const body = listSessions(6);
    await recovers(frame(body, Buffer.byteLength(body) + 1), /announced \d+ bytes but its JSON/);
  });
});

describe('input the bridge cannot read', () => {
  let bridge: BridgeChild | undefined;
  const dir = useTempDirs();
  afterEach(() => bridge?.dispose());

  it('newline-delimited JSON from the start: says which framing it expects and exits 2', async () => {
    bridge = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
    bridge.writeRaw(`${listSessions(1)}\n`);
    const code = await bridge.disconnect();
    expect(code).toBe(2);
    expect(bridge.stderr()).toMatch(/JSON without Content-Length headers/);
    expect(bridge.stderr()).toContain('Content-Length: <bytes>\\r\\n\\r\\n<JSON>');
    expect(bridge.stderr()).toMatch(/Newline-delimited JSON is not understood/);
  });

  it('input that ends inside a frame: says so and exits 2', async () => {
    bridge = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
    await expect(bridge.request('listSessions', {})).resolves.toEqual({ sessions: [] });
    bridge.writeRaw(frame(listSessions(2)).slice(0, 30));
    const code = await bridge.disconnect();
    expect(code).toBe(2);
    expect(bridge.stderr()).toMatch(/input ended in the middle of a frame/);
  });
});
