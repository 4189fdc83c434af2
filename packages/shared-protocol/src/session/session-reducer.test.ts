import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { assistantAdded, text, userAdded } from '../test-support/event-builders.js';
import { deepFreeze } from '../test-support/deep-freeze.js';
import { FRESH_SESSION, reduceSessionFrozen } from '../test-support/frozen-session.js';
import { applySessionEvent, applySessionEvents } from './session-reducer.js';
import { liveTokenCount } from './session-state.js';

const start = FRESH_SESSION;
const reduce = reduceSessionFrozen;

const asked = (requestId: string, toolCallId = 'call-1'): AgentEvent => ({
  type: 'permissionRequested',
  requestId,
  toolName: 'Bash',
  toolCallId,
  messageId: 'a',
  input: '{"command":"ls"}',
  reason: 'Bash runs commands on your machine',
  requestedAt: 5,
});

describe('the session reducer', () => {
  it('reduces conversation events with the conversation reducer', () => {
    const state = reduce([userAdded('u', 'hello'), assistantAdded('a'), text('a', 'Hi')]);
    expect(state.conversation.messages.map((message) => message.id)).toStrictEqual(['u', 'a']);
    expect(state.conversation.messages[1]?.blocks).toStrictEqual([
      { type: 'text', content: 'Hi', stage: 'streaming' },
    ]);
  });

  it('runs and rests with the turn, and ignores the end of a turn it is not running', () => {
    const running = reduce([
      { type: 'turnStarted', turnId: 't1', startedAt: 100, activity: 'reply' },
    ]);
    expect(running.status).toStrictEqual({
      type: 'running',
      turnId: 't1',
      startedAt: 100,
      activity: 'reply',
    });
    const ended = { inputTokens: 0, outputTokens: 0 };
    const other: AgentEvent = {
      type: 'turnEnded',
      turnId: 't0',
      stopReason: 'end_turn',
      usage: ended,
      durationMs: 1,
    };
    expect(applySessionEvent(running, other)).toBe(running);
    expect(reduce([{ ...other, turnId: 't1' }], running).status).toStrictEqual({ type: 'idle' });
  });

  it('keeps permission questions by request id until each is resolved', () => {
    const both = reduce([asked('r1'), asked('r2', 'call-2'), asked('r1')]);
    expect(both.permissionQuestions.map((question) => question.requestId)).toStrictEqual([
      'r1',
      'r2',
    ]);
    expect(both.permissionQuestions[0]).toStrictEqual({
      requestId: 'r1',
      toolName: 'Bash',
      toolCallId: 'call-1',
      messageId: 'a',
      input: '{"command":"ls"}',
      reason: 'Bash runs commands on your machine',
      requestedAt: 5,
    });
    const one = reduce([{ type: 'permissionResolved', requestId: 'r1', decision: 'allow' }], both);
    expect(one.permissionQuestions.map((question) => question.requestId)).toStrictEqual(['r2']);
    // Answering what is not asked (any more) changes nothing.
    expect(
      applySessionEvent(one, { type: 'permissionResolved', requestId: 'r1', decision: 'deny' }),
    ).toBe(one);
  });

  it('keeps the questions the model asks until each is answered, whichever host answers', () => {
    const choices: AgentEvent = {
      type: 'userQuestionAsked',
      requestId: 'q1',
      toolCallId: 'call-1',
      messageId: 'a',
      requestedAt: 5,
      ask: {
        kind: 'choices',
        questions: [
          {
            question: 'Which database?',
            header: 'Database',
            multiSelect: false,
            options: [
              { label: 'SQLite', description: 'One file' },
              { label: 'Postgres', description: 'A server' },
            ],
          },
        ],
      },
    };
    const plan: AgentEvent = {
      type: 'userQuestionAsked',
      requestId: 'q2',
      toolCallId: 'call-2',
      requestedAt: 6,
      ask: { kind: 'plan', plan: '# Plan', planFile: '/home/u/.wave/plans/a.md' },
    };
    const both = reduce([choices, plan, choices]);
    expect(both.userQuestions.map((question) => question.requestId)).toStrictEqual(['q1', 'q2']);
    const { type: _type, ...asked } = choices;
    expect(both.userQuestions[0]).toStrictEqual(asked);
    const one = reduce([{ type: 'userQuestionAnswered', requestId: 'q1' }], both);
    expect(one.userQuestions.map((question) => question.requestId)).toStrictEqual(['q2']);
    expect(applySessionEvent(one, { type: 'userQuestionAnswered', requestId: 'q1' })).toBe(one);
  });

  it('appends the /btw answer, ends it, and puts it away; chunks of another one are ignored', () => {
    const answering = reduce([
      { type: 'btwStarted', btwId: 'b1', question: 'why?', startedAt: 1 },
      { type: 'btwUpdated', btwId: 'b1', chunk: 'Because ' },
      { type: 'btwUpdated', btwId: 'b1', chunk: 'it is.' },
    ]);
    expect(answering.btw).toMatchObject({ answer: 'Because it is.', stage: 'answering' });
    expect(applySessionEvent(answering, { type: 'btwUpdated', btwId: 'b0', chunk: 'x' })).toBe(
      answering,
    );
    const failed = reduce(
      [{ type: 'btwEnded', btwId: 'b1', error: 'The model failed.' }],
      answering,
    );
    expect(failed.btw).toMatchObject({ stage: 'failed', error: 'The model failed.' });
    // A late chunk after the end changes nothing.
    expect(applySessionEvent(failed, { type: 'btwUpdated', btwId: 'b1', chunk: 'late' })).toBe(
      failed,
    );
    const closed = reduce([{ type: 'btwClosed', btwId: 'b1' }], failed);
    expect(closed.btw).toBeUndefined();
    expect(Object.hasOwn(closed, 'btw')).toBe(false);
  });

  it('estimates tokens while a call streams and replaces the estimate with the figure', () => {
    const streaming = reduce([assistantAdded('a'), text('a', 'x'.repeat(40))]);
    expect(streaming.usage.streaming).toStrictEqual({ a: 40 });
    expect(liveTokenCount(streaming.usage)).toBe(10);
    const finished = reduce(
      [
        {
          type: 'assistantMessageFinished',
          messageId: 'a',
          finishReason: 'stop',
          usage: { inputTokens: 100, outputTokens: 12 },
          model: 'claude-haiku-4-5',
        },
        { type: 'usageUpdated', usage: { inputTokens: 50, outputTokens: 5 } },
      ],
      streaming,
    );
    // Each call counts under the model it names; one that names none, under the session's.
    expect(finished.usage).toStrictEqual({
      total: { inputTokens: 150, outputTokens: 17 },
      byModel: {
        'claude-haiku-4-5': { inputTokens: 100, outputTokens: 12 },
        [streaming.model.model]: { inputTokens: 50, outputTokens: 5 },
      },
      streaming: {},
    });
  });

  it('follows the queue, the mode, the model and the title', () => {
    const state = reduce([
      { type: 'queuedMessagesChanged', queued: [{ id: 'q1', text: 'next' }] },
      { type: 'permissionModeChanged', mode: 'plan' },
      { type: 'modelChanged', provider: 'openai', model: 'gpt-5', reason: 'chosen with /model' },
      { type: 'sessionTitleChanged', title: 'Fix the build' },
    ]);
    expect(state).toMatchObject({
      queue: [{ id: 'q1', text: 'next' }],
      permissionMode: 'plan',
      model: { provider: 'openai', model: 'gpt-5', reason: 'chosen with /model' },
      title: 'Fix the build',
    });
  });

  it('follows the effort, starting at high', () => {
    expect(reduce([]).effort).toBe('high');
    const state = reduce([{ type: 'effortChanged', effort: 'low' }]);
    expect(state.effort).toBe('low');
    expect(applySessionEvent(state, { type: 'effortChanged', effort: 'low' })).toBe(state);
    expect(applySessionEvent(state, { type: 'effortChanged', effort: 'off' }).effort).toBe('off');
  });

  it('takes a replaced session as given', () => {
    const other = deepFreeze({ ...start, sessionId: 's2', title: 'Other' });
    expect(
      applySessionEvent(reduce([userAdded('u')]), { type: 'sessionReplaced', state: other }),
    ).toBe(other);
  });

  it('returns the very same state when nothing changes, and for a type it does not know', () => {
    const state = reduce([{ type: 'permissionModeChanged', mode: 'plan' }]);
    expect(applySessionEvent(state, { type: 'permissionModeChanged', mode: 'plan' })).toBe(state);
    expect(applySessionEvent(state, { type: 'sessionTitleChanged', title: 'x' }).title).toBe('x');
    const unknown = JSON.parse('{"type":"subagentSpawned","id":"x"}') as AgentEvent;
    expect(applySessionEvent(state, unknown)).toBe(state);
    expect(applySessionEvents(state, [])).toBe(state);
  });

  it('keeps every untouched part of the state as it was', () => {
    const before = reduce([userAdded('u'), assistantAdded('a')]);
    const after = reduce([text('a', 'more')], before);
    expect(after.conversation.messages[0]).toBe(before.conversation.messages[0]);
    expect(after.queue).toBe(before.queue);
    expect(after.model).toBe(before.model);
  });

  it('sandboxStatusChanged replaces the sandbox status whole', () => {
    const unavailable = {
      state: 'unavailable' as const,
      network: false,
      allowWrite: [],
      allowRead: [],
      problem: 'bwrap is missing: apt-get install bubblewrap.',
    };
    const state = reduce([
      {
        type: 'sandboxStatusChanged',
        status: { state: 'on', network: true, allowWrite: ['/x'], allowRead: [] },
      },
      { type: 'sandboxStatusChanged', status: unavailable },
    ]);
    expect(state.sandbox).toStrictEqual(unavailable);
    expect(start.sandbox).toBeUndefined();
  });
});

describe('what the session loaded from files', () => {
  it('contextLoaded replaces the lists, and a replace keeps what the new state says', () => {
    const context = {
      memory: [{ path: '/r/CLAUDE.md', scope: 'project' as const, chars: 12 }],
      commands: [
        {
          name: 'review',
          description: 'Review',
          source: '/r/.claude/commands/review.md',
          scope: 'project' as const,
        },
      ],
      skills: [],
      warnings: ['/r/CLAUDE.md imports /r/gone.md, which does not exist'],
    };
    const loaded = reduce([{ type: 'contextLoaded', context }]);
    expect(loaded.context).toStrictEqual(context);
    const again = reduce([
      { type: 'contextLoaded', context },
      { type: 'contextLoaded', context: { ...context, commands: [], warnings: [] } },
    ]);
    expect(again.context.commands).toStrictEqual([]);
    expect(again.context.memory).toStrictEqual(context.memory);
  });
});
