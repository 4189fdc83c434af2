// /rewind: back to before the last occurrence of a user message — the conversation is cut there
// and/or the files Wave changed since are put back (never over changes made outside Wave). The
// cut is one event carrying the host's requestId (ARCHITECTURE §2.11): every host applies it once, in
// order, and the host that asked knows it answers its request.
import type { EventHub } from '../events/event-hub.js';
import type { FileCheckpoints, RewindFilesResult } from '../checkpoints/file-checkpoints.js';

export type RewindRestore = 'conversation' | 'files' | 'both';

export interface RewindResult extends RewindFilesResult {
  readonly ok: boolean;
  /** Why nothing was done, when ok is false. */
  readonly error?: string;
}

export interface RewindRequest {
  readonly messageId: string;
  readonly restore: RewindRestore;
  readonly requestId?: string;
}

const NOTHING: RewindFilesResult = { restored: [], conflicts: [] };

export function rewind(
  hub: EventHub,
  checkpoints: FileCheckpoints | undefined,
  running: boolean,
  request: RewindRequest,
): RewindResult {
  const { messageId, restore, requestId } = request;
  const messages = hub.state.conversation.messages;
  const index = messages.findLastIndex((message) => message.id === messageId);
  if (index === -1 || messages[index]?.role !== 'user') {
    return {
      ok: false,
      error: 'That message is not a user message of this conversation.',
      ...NOTHING,
    };
  }
  if (running)
    return { ok: false, error: 'A turn is running; abort it (Esc) before rewinding.', ...NOTHING };
  const turns = messages
    .slice(index)
    .flatMap((message) => (message.role === 'user' ? [message.id] : []));
  const files =
    restore === 'conversation' || !checkpoints ? NOTHING : checkpoints.rewindFiles(turns);
  if (restore !== 'files')
    hub.emit({
      type: 'messagesRewound',
      anchorMessageId: messageId,
      ...(requestId !== undefined ? { requestId } : {}),
    });
  return { ok: true, ...files };
}
