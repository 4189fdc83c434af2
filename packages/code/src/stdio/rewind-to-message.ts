// rewindToMessage (DESIGN §2.11, spec "长会话流式输出保持流畅" scenarios 12–13). Rewind truncates,
// and the host can truncate its own copy by the same rule, so the list is not sent again:
// - with requestId: a `rewindResult` receipt {requestId, ok, error?} and no messages. The host
//   cuts its copy (before the last occurrence of the anchor) on an ok receipt whose requestId is
//   the one it is waiting for, and ignores any other receipt.
// - without requestId (older clients that cannot match receipts): the full list, as a
//   `messagesReplaced` notification, when the conversation was cut.
// The SDK's own `messagesRewound` event is held back in both cases: the receipt or the list is
// the one signal, so a stale or failed request can never truncate a host.
// With restore: "files" the conversation is not cut: the receipt says so (conversationCut: false).
import type { RewindToMessageParams, RewindToMessageResult } from '@wave-agent/shared-protocol';
import type { BridgeContext } from './bridge-context.js';
import type { BridgeSession } from './bridge-session.js';

function rewound(session: BridgeSession, params: RewindToMessageParams, context: BridgeContext) {
  const restore = params.restore ?? 'both';
  try {
    return session.withRewoundEventHeld(() => session.agent.rewind(params.messageId, restore));
  } catch (error) {
    context.logger.error(`Rewinding session ${session.key} failed.`, error);
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Wave could not rewind: ${reason}`, restored: [], conflicts: [] };
  }
}

export function rewindToMessage(
  params: RewindToMessageParams,
  context: BridgeContext,
): RewindToMessageResult {
  const session = context.sessions.get(params.sessionId, 'rewindToMessage');
  const result = rewound(session, params, context);
  for (const conflict of result.conflicts) {
    context.logger.warn(`Rewind left ${conflict.path} as it is: ${conflict.reason}`);
  }
  const conversationCut = result.ok && params.restore !== 'files';
  const outcome: RewindToMessageResult = {
    ok: result.ok,
    ...(result.error !== undefined ? { error: result.error } : {}),
    conversationCut,
    restoredFiles: result.restored,
    conflicts: result.conflicts,
  };
  if (params.requestId !== undefined) {
    context.notifications.send('rewindResult', {
      sessionId: session.key,
      requestId: params.requestId,
      ok: result.ok,
      ...(result.error !== undefined ? { error: result.error } : {}),
      conversationCut,
    });
  } else if (result.ok && params.restore !== 'files') {
    context.notifications.sendEvent(session.key, {
      type: 'messagesReplaced',
      messages: session.agent.messages,
    });
  }
  return outcome;
}
