import { afterEach, describe, expect, it, vi } from 'vitest';
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
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('parses without compiling a parser (a request arrives once; new Function costs more)', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    // Functions with a body: zod's parsers (it also probes once whether it may, with an empty one).
    const parsersBuilt = () => compile.mock.calls.filter((args) => String(args.at(-1)) !== '');
    expect(parseMethodParams('setPermissionMode', { sessionId: 's1', mode: 'plan' }).ok).toBe(true);
    expect(parsersBuilt()).toEqual([]);
    // What arrives often keeps zod's compiled parser.
    parseAgentEvent({ type: 'turnStarted', turnId: 't1', startedAt: 1, activity: 'reply' });
    expect(parsersBuilt().length).toBeGreaterThan(0);
  });

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
  it('accepts a batch and leaves its events to be validated one by one', () => {
    const params = {
      sessionId: 's',
      fromSeq: 3,
      toSeq: 5,
      events: [
        { type: 'assistantContentUpdated', messageId: 'a', chunk: 'Hi', stage: 'streaming' },
      ],
    };
    expect(parseNotification('sessionEvents', params)).toStrictEqual({ ok: true, value: params });
  });

  it('names what is wrong with a batch', () => {
    expect(
      parseNotification('sessionEvents', { sessionId: 's', fromSeq: 0, toSeq: 1, events: {} }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^invalid params for sessionEvents: fromSeq: .*; events: expected array, received object$/,
      ) as unknown,
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
  it('refuses a server request it does not know', () => {
    expect(parseServerRequestParams('elevate', {})).toStrictEqual({
      ok: false,
      message: 'unknown server request: elevate',
    });
    expect(parseServerRequestResult('toString', {})).toStrictEqual({
      ok: false,
      message: 'unknown server request: toString',
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

  it('parseAgentEvent accepts an event and names what is wrong with one', () => {
    expect(parseAgentEvent({ type: 'messagesRewound', anchorMessageId: 'u' })).toStrictEqual({
      ok: true,
      value: { type: 'messagesRewound', anchorMessageId: 'u' },
    });
    expect(parseAgentEvent({ type: 'permissionModeChanged', mode: 'yolo' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^invalid permissionModeChanged event: mode: /) as unknown,
    });
    expect(parseAgentEvent({ chunk: 'x' })).toStrictEqual({
      ok: false,
      message: 'invalid event: type: expected a string naming the event',
    });
  });

  it('says when an event type is one this version does not know', () => {
    expect(parseAgentEvent({ type: 'subagentSpawned' })).toStrictEqual({
      ok: false,
      message: 'unknown event type "subagentSpawned" (sent by a newer Wave?)',
    });
    expect(parseAgentEvent({ type: 'constructor' }).ok).toBe(false);
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
        'getSessionState',
        'attachSession',
        'detachSession',
        'answerPermission',
        'answerUserQuestion',
        'setModel',
        'setEffort',
        'closeBtw',
        'addMemoryLine',
        'findFiles',
        'getPermissionRules',
        'addPermissionRule',
        'removePermissionRule',
        'addWorkFolder',
        'restartMcpServer',
        'checkModelEndpoint',
        'listPlugins',
        'changePlugin',
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
