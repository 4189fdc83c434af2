import { describe, expect, it } from 'vitest';
import { FrameParser } from './frame-parser.js';
import type { FrameEvent } from './frame-parser.js';

const request = { jsonrpc: '2.0', id: 7, method: 'listSessions', params: {} };
const body = JSON.stringify(request);

function frame(text: string, length = Buffer.byteLength(text)): string {
  return `Content-Length: ${length}\r\n\r\n${text}`;
}

function pushAll(parser: FrameParser, ...parts: string[]): FrameEvent[] {
  return parts.flatMap((part) => parser.push(Buffer.from(part, 'utf8')));
}

function kinds(events: readonly FrameEvent[]): string[] {
  return events.map((event) => (event.kind === 'frame' ? 'frame' : 'problem'));
}

describe('FrameParser', () => {
  it('reads frames split at every byte and several in one read, counting UTF-8 bytes', () => {
    const unicode = JSON.stringify({ jsonrpc: '2.0', method: 'café ✓ 🌊' });
    const stream = Buffer.from(frame(body) + frame(unicode) + frame(body), 'utf8');
    const byByte = new FrameParser();
    const events = [...stream].flatMap((byte) => byByte.push(Buffer.from([byte])));
    expect(events).toEqual([
      { kind: 'frame', value: request },
      { kind: 'frame', value: JSON.parse(unicode) as unknown },
      { kind: 'frame', value: request },
    ]);
    expect(new FrameParser().push(stream)).toEqual(events);
  });

  it('takes other headers, in any order and case, and whitespace between frames', () => {
    const events = pushAll(
      new FrameParser(),
      `content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: ${body.length}\r\n\r\n${body}\r\n`,
      `CONTENT-LENGTH: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}\n\n`,
      `cOnTeNt-LeNgTh:${body.length}\r\n\r\n${body}`,
      frame(body),
    );
    expect(events).toEqual(Array.from({ length: 4 }, () => ({ kind: 'frame', value: request })));
  });

  it('finds the next header in any case after bytes it could not read', () => {
    for (const parts of [
      [`noise\r\nCONTENT-length: ${body.length}\r\n\r\n${body}`],
      ['noise\r\nCONTENT-len', `gth: ${body.length}\r\n\r\n${body}`],
    ]) {
      const events = pushAll(new FrameParser(), ...parts);
      expect(kinds(events)).toEqual(['problem', 'frame']);
      expect(events[1]).toEqual({ kind: 'frame', value: request });
    }
  });

  it('waits for headers up to 8 KiB; beyond that without a blank line, reports it and reads on', () => {
    const parser = new FrameParser();
    const header = `Content-Length: ${body.length}\r\nX-Padding: `;
    // Headers still arriving: nothing to say yet.
    expect(pushAll(parser, header, 'a'.repeat(8 * 1024 - header.length))).toEqual([]);
    expect(pushAll(parser, 'a')).toEqual([
      expect.objectContaining({
        kind: 'problem',
        message: expect.stringMatching(/8192 bytes arrived without the blank line/),
      }),
    ]);
    expect(parser.leftover).toBeLessThan(64);
    expect(pushAll(parser, frame(body))).toEqual([{ kind: 'frame', value: request }]);
  });

  const badThenGood: readonly [string, string, RegExp][] = [
    ['no Content-Length', `Content-Type: x\r\n\r\n${body}`, /no Content-Length header/],
    ['a garbage Content-Length', `Content-Length: ten\r\n\r\n${body}`, /"ten" is not a number/],
    ['a length one byte short', frame(body, body.length - 1), /not valid JSON/],
    ['a length one byte long', frame(body, body.length + 1), /not valid JSON/],
    ['a length in characters', frame('{"jsonrpc":"2.0","id":1,"method":"café"}', 40), /bytes/],
    ['a bare JSON line', `${body}\n`, /without a Content-Length header/],
    ['a line of noise', 'hello there\r\n', /could not be read/],
  ];
  for (const [what, bad, problem] of badThenGood) {
    it(`reports ${what} once and reads the next frame`, () => {
      for (const parts of [[bad + frame(body)], [bad, frame(body)]]) {
        const events = pushAll(new FrameParser(), ...parts);
        expect(kinds(events)).toEqual(['problem', 'frame']);
        expect(events[0]).toMatchObject({ message: expect.stringMatching(problem) });
        expect(events[1]).toEqual({ kind: 'frame', value: request });
      }
    });
  }

  it('marks bare JSON as such, so a host that never frames can be told to stop', () => {
    expect(pushAll(new FrameParser(), `${body}\n`)).toEqual([
      expect.objectContaining({ kind: 'problem', bareJson: true }),
    ]);
    expect(pushAll(new FrameParser(), frame(body, body.length - 1))).toEqual([
      expect.objectContaining({ kind: 'problem', bareJson: false }),
    ]);
  });

  it('refuses a frame above the limit without keeping its bytes, then reads the next one', () => {
    const parser = new FrameParser(1024);
    expect(pushAll(parser, 'Content-Length: 2000000000\r\n\r\n')).toEqual([
      expect.objectContaining({
        kind: 'problem',
        message: expect.stringMatching(/announced 2000000000 bytes, above the limit of 1024/),
      }),
    ]);
    const junk = Buffer.alloc(1024 * 1024, 'x');
    for (let i = 0; i < 64; i++) expect(parser.push(junk)).toEqual([]);
    expect(parser.leftover).toBeLessThan(64);
    expect(pushAll(parser, frame(body))).toEqual([{ kind: 'frame', value: request }]);
  });

  it('gives up on a body whose JSON is complete but shorter than its length, only when asked', () => {
    const parser = new FrameParser();
    expect(pushAll(parser, frame(body, body.length + 5))).toEqual([]);
    expect(parser.expireIncompleteBody()).toMatchObject({
      kind: 'problem',
      message: expect.stringMatching(/announced \d+ bytes but its JSON ended after \d+/),
    });
    expect(pushAll(parser, frame(body))).toEqual([{ kind: 'frame', value: request }]);
    // A body still arriving (not yet complete JSON) is left to arrive.
    const slow = new FrameParser();
    pushAll(slow, frame(body).slice(0, -3));
    expect(slow.expireIncompleteBody()).toBeUndefined();
    expect(pushAll(slow, frame(body).slice(-3))).toEqual([{ kind: 'frame', value: request }]);
  });
});
