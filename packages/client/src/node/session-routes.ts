// Which session a message on a shared link is about, read from the few fields routing needs (the
// whole message is validated by the client that receives it): the session a request names or an
// `initialize` answer opened, the session a `sessionEvents` batch belongs to, and the new id a
// batch's `sessionReplaced` gives it (a clear or a restore: the replace goes out under the old
// id, everything after under the new one).
import { isRecord } from '@wave-agent/shared-protocol';

type Json = Record<string, unknown>;

function sessionIdOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value.sessionId === 'string' ? value.sessionId : undefined;
}

/** What a peer's request does to the sessions it follows. */
export type RequestRoute =
  | { readonly kind: 'follow'; readonly sessionId: string }
  | { readonly kind: 'leave'; readonly sessionId: string }
  /** `initialize` of a new session: its id comes in the answer. */
  | { readonly kind: 'opens' }
  | { readonly kind: 'none' };

export function routeOfRequest(message: Json): RequestRoute {
  const sessionId = sessionIdOf(message.params);
  switch (message.method) {
    case 'attachSession':
    case 'initialize':
      if (sessionId !== undefined) return { kind: 'follow', sessionId };
      return message.method === 'initialize' ? { kind: 'opens' } : { kind: 'none' };
    case 'detachSession':
    case 'destroy':
      return sessionId === undefined ? { kind: 'none' } : { kind: 'leave', sessionId };
    default:
      return { kind: 'none' };
  }
}

/** The session an `initialize` answer opened. */
export function sessionOpenedBy(response: Json): string | undefined {
  return isRecord(response.result) ? sessionIdOf(response.result.state) : undefined;
}

/** The session of a `sessionEvents` batch; undefined for any other notification. */
export function sessionOfBatch(notification: Json): string | undefined {
  return notification.method === 'sessionEvents' ? sessionIdOf(notification.params) : undefined;
}

/** The id the session has after this batch, if one of its events gave it another. */
export function renameIn(notification: Json, sessionId: string): string | undefined {
  const events = isRecord(notification.params) ? notification.params.events : undefined;
  if (!Array.isArray(events)) return undefined;
  let now = sessionId;
  for (const event of events)
    if (isRecord(event) && event.type === 'sessionReplaced') now = sessionIdOf(event.state) ?? now;
  return now === sessionId ? undefined : now;
}
