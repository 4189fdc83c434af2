// Messages the conversation lost (a discarded retry, a full replace, a rewind), logged in order.
// The freeze planner drops what it recorded about them, even when a message with the same id
// comes back before it plans again: the log says the old one is gone, a diff could not.

import type { Message } from '@wave-agent/shared-protocol';

export interface MessageRemoval {
  /** 1, 2, 3, … in the order removals happened. */
  readonly seq: number;
  readonly messageIds: readonly string[];
  /** Removed by `assistantMessageDiscarded`: a failed stream about to be retried. */
  readonly discarded: boolean;
}

/** Enough to cover every removal between two renders; older entries are dropped. */
export const REMOVALS_REMEMBERED = 32;

/** Ids of `before` that `after` no longer holds, in order. */
export function removedIds(before: readonly Message[], after: readonly Message[]): string[] {
  if (before.length === 0) return [];
  const kept = new Set(after.map((message) => message.id));
  return before.filter((message) => !kept.has(message.id)).map((message) => message.id);
}

/** `log` with one more removal, bounded to the last REMOVALS_REMEMBERED. */
export function withRemoval(
  log: readonly MessageRemoval[],
  messageIds: readonly string[],
  discarded: boolean,
): readonly MessageRemoval[] {
  if (messageIds.length === 0) return log;
  const seq = (log.at(-1)?.seq ?? 0) + 1;
  return [...log, { seq, messageIds, discarded }].slice(-REMOVALS_REMEMBERED);
}
