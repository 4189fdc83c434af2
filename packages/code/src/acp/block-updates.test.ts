// What an editor is told of the blocks drawn from views, live and on session/load: the user's
// words as their message's chunk, what Wave says as a notice (or, for an editor without notices,
// a message of its own), a tool call's hook run as a notice once it ends.
import { applySessionEvent, initialSessionState } from '@wave-agent/shared-protocol';
import type { AgentEvent, SessionState } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { LiveUpdates } from './live-updates.js';
import { replayUpdates } from './replay.js';
import type { SessionUpdate, UpdateContext } from './update-parts.js';

const WITH_NOTICES: UpdateContext = { workdir: '/w', notices: true, contextWindow: undefined };
const WITHOUT_NOTICES: UpdateContext = { ...WITH_NOTICES, notices: false };

const hook = (fields: Partial<Extract<AgentEvent, { type: 'hookRunUpdated' }>>): AgentEvent => ({
  type: 'hookRunUpdated',
  messageId: 'a1',
  createdAt: 0,
  id: 'h1',
  event: 'PreToolUse',
  command: './guard.sh',
  source: 'settings.json',
  stage: 'end',
  outcome: 'blocked',
  message: 'no',
  toolCallId: 't1',
  ...fields,
});

const EVENTS: AgentEvent[] = [
  {
    type: 'userMessageAdded',
    message: {
      id: 'u1',
      role: 'user',
      createdAt: 0,
      blocks: [
        { type: 'text', content: 'look', stage: 'end' },
        { type: 'attachment', kind: 'file', name: 'a.ts', bytes: 12, ref: 'r' },
      ],
    },
  },
  { type: 'assistantMessageAdded', messageId: 'a1', createdAt: 0 },
  { type: 'toolBlockUpdated', messageId: 'a1', id: 't1', name: 'Bash', stage: 'start' },
  hook({ stage: 'running', outcome: undefined, message: undefined }),
  hook({}),
  { type: 'errorBlockAdded', messageId: 'a1', error: 'The model API is unreachable.' },
  { type: 'noticeAdded', messageId: 'n1', createdAt: 0, message: 'Retrying.', level: 'warning' },
  {
    type: 'compactBlockAdded',
    message: {
      id: 'c1',
      role: 'system',
      createdAt: 0,
      blocks: [{ type: 'compact', summary: 'We fixed it.' }],
    },
  },
];

function live(context: UpdateContext): { updates: SessionUpdate[]; state: SessionState } {
  const updates = new LiveUpdates(context);
  let state = initialSessionState({
    sessionId: 's',
    workdir: '/w',
    permissionMode: 'default',
    model: { provider: 'openai', model: 'm' },
  });
  const said: SessionUpdate[] = [];
  for (const event of EVENTS) {
    const after = applySessionEvent(state, event);
    said.push(...updates.updatesFor(event, state, after));
    state = after;
  }
  return { updates: said, state };
}

const notices = (updates: readonly SessionUpdate[]) =>
  updates.flatMap((update) =>
    update.sessionUpdate === 'notice' ? [`${update.severity}: ${update.title}`] : [],
  );

describe("ACP's updates of the blocks drawn from views", () => {
  it('says a hook run once it ended, an error, a warning and a compaction as notices of their severity', () => {
    expect(notices(live(WITH_NOTICES).updates)).toEqual([
      'warning: PreToolUse hook ./guard.sh: blocked — no',
      'error: The model API is unreachable.',
      'warning: Retrying.',
      'info: Wave folded the conversation so far into a summary for the model (/compact); what is shown stays.',
    ]);
  });

  it('tells an editor without notices the same words as messages of their own, never inside the reply', () => {
    const chunks = live(WITHOUT_NOTICES).updates.flatMap((update) =>
      update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text'
        ? [[update.messageId, update.content.text]]
        : [],
    );
    expect(chunks).toContainEqual(['a1/hook/h1', '⚠ PreToolUse hook ./guard.sh: blocked — no\n']);
    expect(chunks).toContainEqual(['a1/error', '⚠ The model API is unreachable.\n']);
  });

  it("replays a stored session with the same words: the user's attachment in their message", () => {
    const { state } = live(WITH_NOTICES);
    const replayed = replayUpdates(state, WITH_NOTICES);
    expect(replayed).toContainEqual({
      sessionUpdate: 'user_message_chunk',
      messageId: 'u1',
      content: { type: 'text', text: '\n📎 a.ts · 12 B' },
    });
    // A tool call's hooks are its card's (the live notice said them); the blocks of their own:
    expect(notices(replayed)).toEqual([
      'error: The model API is unreachable.',
      'warning: Retrying.',
      'info: Wave folded the conversation so far into a summary for the model (/compact); what is shown stays.',
    ]);
  });
});
