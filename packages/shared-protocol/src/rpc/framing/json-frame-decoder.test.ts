import { RPC_ERROR_CODES } from '../error-codes.js';
import { describe, expect, it } from 'vitest';
import { FrameError, parseFrameBody } from './json-frame-decoder.js';

function failure(text: string): FrameError {
  try {
    parseFrameBody(text);
  } catch (error) {
    if (error instanceof FrameError) return error;
    throw error;
  }
  throw new Error(`parseFrameBody accepted ${text}`);
}

describe('parseFrameBody', () => {
  it('accepts requests, notifications and responses', () => {
    for (const message of [
      { jsonrpc: '2.0', id: 1, method: 'getMessages', params: { sessionId: 's' } },
      { jsonrpc: '2.0', method: 'note' },
      { jsonrpc: '2.0', id: 'a', result: null },
      { jsonrpc: '2.0', id: null, error: { code: 1, message: 'x' } },
    ]) {
      expect(parseFrameBody(JSON.stringify(message))).toEqual(message);
    }
  });

  it('calls a body that is not JSON a parse error, with no id', () => {
    expect(failure('{"jsonrpc":')).toMatchObject({
      code: RPC_ERROR_CODES.parseError,
      id: null,
      message: expect.stringMatching(
        /^The frame's body is not valid JSON \(.+\)\. Send one JSON-RPC 2\.0 object per frame/,
      ),
    });
  });

  it('calls JSON that is not one JSON-RPC object an invalid request, keeping a readable id', () => {
    expect(failure('[1, 2]')).toMatchObject({ code: RPC_ERROR_CODES.invalidRequest, id: null });
    expect(failure('"text"')).toMatchObject({ code: RPC_ERROR_CODES.invalidRequest, id: null });
    expect(failure('{"jsonrpc":"1.0","id":3,"method":"x"}')).toMatchObject({
      code: RPC_ERROR_CODES.invalidRequest,
      id: 3,
      message: expect.stringContaining('"jsonrpc" member must be "2.0"'),
    });
    expect(failure('{"jsonrpc":"2.0","id":4,"method":7}').message).toContain(
      '"method" must be a string',
    );
    expect(failure('{"jsonrpc":"2.0","id":{},"method":"x"}')).toMatchObject({ id: null });
  });
});
