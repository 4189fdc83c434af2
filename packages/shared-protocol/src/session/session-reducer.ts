// The one reducer of the session (ARCHITECTURE §2.2, §2.12): conversation events go to `applyEvent`,
// session events to their handler below. Pure, total, immutable with structural sharing: an
// event that changes nothing returns the very same state, an unknown type changes nothing.

import type { AgentEvent, EventOf, SessionEventType } from '../events.js';
import { isConversationEvent } from '../events.js';
import { applyEvent } from '../reducer.js';
import { applyWithSettled } from '../reducer/settled-messages.js';
import type { SessionState, SideQuestion } from './session-state.js';
import { IDLE } from './session-state.js';
import { usageAfter, withSpent } from './session-usage.js';
import { tasksAfterEnd, tasksAfterOutput, tasksAfterStart } from './background-tasks.js';
import {
  serversAfterClosed,
  serversAfterConnected,
  serversAfterConnecting,
  serversAfterFailed,
} from './mcp-servers.js';

type Handler<E> = (state: SessionState, event: E) => SessionState;

/** One handler per session event: a new one without a handler does not compile. */
type SessionHandlers = { readonly [T in SessionEventType]: Handler<EventOf<T>> };

/** A handler that changes the side question, when the event is about the current one. */
function onSideQuestion<E extends { readonly btwId: string }>(
  update: (btw: SideQuestion, event: E) => SideQuestion | undefined,
): Handler<E> {
  return (state, event) => {
    if (state.btw?.btwId !== event.btwId) return state;
    const btw = update(state.btw, event);
    if (btw === state.btw) return state;
    if (btw !== undefined) return { ...state, btw };
    const { btw: _closed, ...rest } = state;
    return rest;
  };
}

/** A handler that changes one list of the session; the same list back changes nothing. */
function onList<K extends 'backgroundTasks' | 'mcpServers', E>(
  key: K,
  update: (list: SessionState[K], event: E) => SessionState[K],
): Handler<E> {
  return (state, event) => {
    const list = update(state[key], event);
    return list === state[key] ? state : { ...state, [key]: list };
  };
}

type QuestionList = 'permissionQuestions' | 'userQuestions';

/** The session with `question` waiting at the end of its list (once per request id). */
function withQuestion<K extends QuestionList>(
  state: SessionState,
  key: K,
  question: SessionState[K][number],
): SessionState {
  const list: readonly { readonly requestId: string }[] = state[key];
  if (list.some((asked) => asked.requestId === question.requestId)) return state;
  return { ...state, [key]: [...state[key], question] };
}

/** The session without the question `requestId` (the same state when it was not waiting). */
function withoutQuestion(state: SessionState, key: QuestionList, requestId: string): SessionState {
  const list: readonly { readonly requestId: string }[] = state[key];
  const index = list.findIndex((asked) => asked.requestId === requestId);
  if (index === -1) return state;
  return { ...state, [key]: state[key].toSpliced(index, 1) };
}

const handlers: SessionHandlers = {
  turnStarted: (state, { turnId, startedAt, activity }) => ({
    ...state,
    status: { type: 'running', turnId, startedAt, activity },
  }),
  turnEnded: (state, event) => {
    if (state.status.type !== 'running' || state.status.turnId !== event.turnId) return state;
    const usage =
      Object.keys(state.usage.streaming).length === 0
        ? state.usage
        : { ...state.usage, streaming: {} };
    return { ...state, status: IDLE, usage };
  },
  permissionRequested: (state, { type: _type, ...question }) =>
    withQuestion(state, 'permissionQuestions', question),
  permissionResolved: (state, { requestId }) =>
    withoutQuestion(state, 'permissionQuestions', requestId),
  userQuestionAsked: (state, { type: _type, ...question }) =>
    withQuestion(state, 'userQuestions', question),
  userQuestionAnswered: (state, { requestId }) =>
    withoutQuestion(state, 'userQuestions', requestId),
  queuedMessagesChanged: (state, { queued }) => ({ ...state, queue: queued }),
  permissionModeChanged: (state, { mode }) =>
    state.permissionMode === mode ? state : { ...state, permissionMode: mode },
  modelChanged: (state, { type: _type, ...model }) => ({ ...state, model }),
  effortChanged: (state, { effort }) => (state.effort === effort ? state : { ...state, effort }),
  usageUpdated: (state, { usage, model }) => ({
    ...state,
    usage: withSpent(state.usage, model ?? state.model.model, usage),
  }),
  btwStarted: (state, { btwId, question, startedAt }) => ({
    ...state,
    btw: { btwId, question, answer: '', stage: 'answering', startedAt },
  }),
  // Appended, never replaced by the latest chunk (spec 2026-10-27).
  btwUpdated: onSideQuestion((btw, { chunk }) =>
    btw.stage !== 'answering' || chunk === '' ? btw : { ...btw, answer: btw.answer + chunk },
  ),
  btwEnded: onSideQuestion((btw, { error }) => {
    if (btw.stage !== 'answering') return btw;
    return error === undefined ? { ...btw, stage: 'answered' } : { ...btw, stage: 'failed', error };
  }),
  btwClosed: onSideQuestion(() => undefined),
  sessionTitleChanged: (state, { title }) => (state.title === title ? state : { ...state, title }),
  todosChanged: (state, { todos }) => ({ ...state, todos }),
  backgroundTaskStarted: onList('backgroundTasks', tasksAfterStart),
  backgroundTaskOutput: onList('backgroundTasks', tasksAfterOutput),
  backgroundTaskEnded: onList('backgroundTasks', tasksAfterEnd),
  mcpServerConnecting: onList('mcpServers', serversAfterConnecting),
  mcpServerConnected: onList('mcpServers', serversAfterConnected),
  mcpServerFailed: onList('mcpServers', serversAfterFailed),
  mcpServerClosed: onList('mcpServers', serversAfterClosed),
  sandboxStatusChanged: (state, { status }) => ({ ...state, sandbox: status }),
  contextWindowMeasured: (state, { use }) => ({ ...state, contextWindow: use }),
  contextLoaded: (state, { context }) => ({ ...state, context }),
  // A pull pushed by the agent: the state received is the state, as given (ARCHITECTURE §2.4).
  sessionReplaced: (_state, { state }) => state,
};

function dispatch<T extends SessionEventType>(
  state: SessionState,
  type: T,
  event: EventOf<T>,
): SessionState {
  return handlers[type](state, event);
}

function hasHandler(event: AgentEvent): event is EventOf<SessionEventType> {
  return Object.hasOwn(handlers, event.type);
}

/** The session after `event`. Pure and total: never throws, never mutates its arguments. */
export function applySessionEvent(state: SessionState, event: AgentEvent): SessionState {
  if (isConversationEvent(event)) {
    const conversation = applyEvent(state.conversation, event);
    const usage = usageAfter(state.usage, event, state.model.model);
    if (conversation === state.conversation && usage === state.usage) return state;
    return { ...state, conversation, usage };
  }
  if (!hasHandler(event)) return state;
  return dispatch(state, event.type, event);
}

/** The session after every event of `events`, in order. */
export function applySessionEvents(
  state: SessionState,
  events: Iterable<AgentEvent>,
): SessionState {
  return applyWithSettled(
    state,
    events,
    applySessionEvent,
    (session) => session.conversation,
    (session, conversation) => ({ ...session, conversation }),
    isConversationEvent,
  );
}
