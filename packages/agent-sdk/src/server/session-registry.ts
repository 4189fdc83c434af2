// The open sessions, by the id hosts route them with. Lookups that fail say why: nothing was
// ever initialized, or this id is not (or no longer) open.
import { notInitialized, sessionNotFound } from './protocol-error.js';
import type { ServerSession } from './server-session.js';

export class SessionRegistry {
  private readonly sessions = new Map<string, ServerSession>();
  private initialized = false;
  private readonly opening = new Map<string, Promise<ServerSession>>();

  add(session: ServerSession): void {
    this.initialized = true;
    this.sessions.set(session.key, session);
  }

  /**
   * Opens a session and files it; a second open of the same stored id while the first runs
   * waits for it and gets the same session (one Agent per session file).
   */
  async openOnce(
    sessionId: string | undefined,
    open: () => Promise<ServerSession>,
  ): Promise<ServerSession> {
    const pending = sessionId === undefined ? undefined : this.opening.get(sessionId);
    if (pending) return pending;
    const opened = open().then((session) => {
      this.add(session);
      return session;
    });
    if (sessionId === undefined) return opened;
    this.opening.set(sessionId, opened);
    try {
      return await opened;
    } finally {
      this.opening.delete(sessionId);
    }
  }

  find(sessionId: string): ServerSession | undefined {
    return this.sessions.get(sessionId);
  }

  /** The session for a request of `method`, or the error that explains why there is none. */
  get(sessionId: string, method: string): ServerSession {
    const session = this.sessions.get(sessionId);
    if (session) return session;
    throw this.initialized ? sessionNotFound(sessionId) : notInitialized(method);
  }

  /** Files the session under its new id (after clear or restore) and forgets the old one. */
  rekey(session: ServerSession, oldKey: string): void {
    if (this.sessions.get(oldKey) === session) this.sessions.delete(oldKey);
    this.sessions.set(session.key, session);
  }

  remove(session: ServerSession): void {
    if (this.sessions.get(session.key) === session) this.sessions.delete(session.key);
  }

  all(): ServerSession[] {
    return [...this.sessions.values()];
  }

  /** Empties the registry and returns what was in it. */
  takeAll(): ServerSession[] {
    const all = this.all();
    this.sessions.clear();
    return all;
  }
}
