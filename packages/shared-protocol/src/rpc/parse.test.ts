import { describe, expect, it } from 'vitest';
import { RPC_ERROR_CODES } from './error-codes.js';
import { RPC_METHODS } from './methods.js';
import {
  parseAgentEvent,
  parseMethodParams,
  parseMethodResult,
  parseNotification,
  parseServerRequestParams,
  parseServerRequestResult,
} from './parse.js';
import { PERMISSION_MODES } from './permission-mode.js';

describe('parseMethodParams', () => {
  it('accepts valid params and types them', () => {
    const result = parseMethodParams('initialize', {
      workdir: '/repo',
      permissionMode: 'plan',
      sessionId: 's1',
    });
    expect(result).toStrictEqual({
      ok: true,
      value: { workdir: '/repo', permissionMode: 'plan', sessionId: 's1' },
    });
  });

  it('names the bad field', () => {
    expect(parseMethodParams('initialize', { workdir: 42 })).toStrictEqual({
      ok: false,
      message: 'invalid params for initialize: workdir: expected string, received number',
    });
  });

  it('names a missing field and every bad field', () => {
    const result = parseMethodParams('rewindToMessage', { sessionId: 's', restore: 'everything' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^invalid params for rewindToMessage: /);
    expect(!result.ok && result.message).toContain(
      'messageId: expected string, received undefined',
    );
    expect(!result.ok && result.message).toContain('restore: ');
  });

  it('describes params that are not an object', () => {
    expect(parseMethodParams('sendMessage', null)).toStrictEqual({
      ok: false,
      message: 'invalid params for sendMessage: expected object, received null',
    });
  });

  it('refuses an unknown method', () => {
    expect(parseMethodParams('launchRockets', {})).toStrictEqual({
      ok: false,
      message: 'unknown method: launchRockets',
    });
    expect(parseMethodParams('toString', {})).toStrictEqual({
      ok: false,
      message: 'unknown method: toString',
    });
  });

  it('accepts every permission mode and no other', () => {
    for (const mode of PERMISSION_MODES) {
      expect(parseMethodParams('setPermissionMode', { sessionId: 's', mode }).ok).toBe(true);
    }
    expect(parseMethodParams('setPermissionMode', { sessionId: 's', mode: 'yolo' }).ok).toBe(false);
  });
});

describe('parseMethodResult', () => {
  it('validates nested messages and names the deep path', () => {
    const good = {
      messages: [
        {
          id: 'u',
          role: 'user',
          createdAt: 1,
          blocks: [{ type: 'text', content: 'hi', stage: 'end' }],
        },
      ],
    };
    expect(parseMethodResult('getMessages', good)).toStrictEqual({ ok: true, value: good });
    const bad = {
      messages: [{ ...good.messages[0], blocks: [{ type: 'text', content: 7, stage: 'end' }] }],
    };
    expect(parseMethodResult('getMessages', bad)).toStrictEqual({
      ok: false,
      message:
        'invalid result for getMessages: messages.0.blocks.0.content: expected string, received number',
    });
  });

  it('expects null from a method that only acknowledges', () => {
    expect(parseMethodResult('abortMessage', null)).toStrictEqual({ ok: true, value: null });
    expect(parseMethodResult('abortMessage', {}).ok).toBe(false);
  });
});

describe('parseNotification', () => {
  it('accepts an event payload with sessionId beside it', () => {
    const params = { sessionId: 's', messageId: 'a', chunk: 'Hi', stage: 'streaming' };
    expect(parseNotification('assistantContentUpdated', params)).toStrictEqual({
      ok: true,
      value: params,
    });
  });

  it('requires the sessionId', () => {
    expect(
      parseNotification('assistantContentUpdated', { messageId: 'a', chunk: 'x', stage: 'end' }),
    ).toStrictEqual({
      ok: false,
      message:
        'invalid params for assistantContentUpdated: sessionId: expected string, received undefined',
    });
  });

  it('validates the notifications that are not events', () => {
    expect(
      parseNotification('rewindResult', {
        sessionId: 's',
        requestId: 'r',
        ok: false,
        error: 'busy',
      }).ok,
    ).toBe(true);
    expect(
      parseNotification('queuedMessagesChanged', {
        sessionId: 's',
        queued: [{ id: 'q', text: 't' }],
      }).ok,
    ).toBe(true);
    expect(
      parseNotification('btwUpdated', { sessionId: 's', btwId: 'b', chunk: 'c', stage: 'done' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('stage: ') as unknown,
    });
  });

  it('refuses an unknown notification', () => {
    expect(parseNotification('nope', {})).toStrictEqual({
      ok: false,
      message: 'unknown notification: nope',
    });
  });
});

describe('server requests and events', () => {
  it('validates requestPermission both ways', () => {
    const params = {
      sessionId: 's',
      toolName: 'bash',
      toolCallId: 't1',
      input: '{"cmd":"rm -rf build"}',
      reason: 'writes',
    };
    expect(parseServerRequestParams('requestPermission', params)).toStrictEqual({
      ok: true,
      value: params,
    });
    expect(
      parseServerRequestParams('requestPermission', { ...params, input: { cmd: 'x' } }),
    ).toStrictEqual({
      ok: false,
      message: 'invalid params for requestPermission: input: expected string, received object',
    });
    expect(parseServerRequestResult('requestPermission', { decision: 'allowSession' }).ok).toBe(
      true,
    );
    expect(parseServerRequestResult('requestPermission', { decision: 'maybe' }).ok).toBe(false);
    expect(parseServerRequestParams('elevate', {})).toStrictEqual({
      ok: false,
      message: 'unknown server request: elevate',
    });
  });

  it('validates requestWorkspaceTrust both ways', () => {
    const params = {
      workdir: '/repo',
      requests: [
        {
          key: 'permissionMode=bypassPermissions',
          source: '/repo/.wave/settings.json',
          setting: 'permissionMode',
          value: 'bypassPermissions',
          description: 'run every tool, including commands, without asking',
        },
      ],
    };
    expect(parseServerRequestParams('requestWorkspaceTrust', params)).toStrictEqual({
      ok: true,
      value: params,
    });
    expect(
      parseServerRequestParams('requestWorkspaceTrust', { workdir: '/repo', requests: [{}] }).ok,
    ).toBe(false);
    expect(
      parseServerRequestResult('requestWorkspaceTrust', { trusted: true, remember: true }),
    ).toStrictEqual({ ok: true, value: { trusted: true, remember: true } });
    expect(parseServerRequestResult('requestWorkspaceTrust', { trusted: 'yes' }).ok).toBe(false);
  });

  it('parseAgentEvent accepts an event and refuses an unknown type', () => {
    expect(parseAgentEvent({ type: 'messagesRewound', anchorMessageId: 'u' })).toStrictEqual({
      ok: true,
      value: { type: 'messagesRewound', anchorMessageId: 'u' },
    });
    expect(parseAgentEvent({ type: 'surprise' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^invalid event: type: /) as unknown,
    });
  });
});

describe('the table', () => {
  it('has every method of the contract', () => {
    expect(Object.keys(RPC_METHODS).sort()).toStrictEqual(
      [
        'initialize',
        'sendMessage',
        'abortMessage',
        'getMessages',
        'clearMessages',
        'rewindToMessage',
        'compact',
        'bang',
        'askBtw',
        'restoreSession',
        'listSessions',
        'setPermissionMode',
        'getQueuedMessages',
        'editQueuedMessage',
        'removeQueuedMessage',
        'destroy',
      ].sort(),
    );
  });

  it('uses the standard JSON-RPC codes and distinct Wave codes outside the reserved range', () => {
    expect(RPC_ERROR_CODES).toMatchObject({
      parseError: -32700,
      invalidRequest: -32600,
      methodNotFound: -32601,
      invalidParams: -32602,
      internalError: -32603,
    });
    const codes = Object.values(RPC_ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    const waveCodes = codes.filter((code) => code > -32600 || code < -32700);
    for (const code of waveCodes) expect(code < -32768 || code > -32000).toBe(true);
  });
});
