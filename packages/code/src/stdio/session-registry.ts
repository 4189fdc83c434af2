// The open sessions, by the id the host routes them with. Lookups that fail say why: nothing was
// ever initialized, or this id is not (or no longer) open.
import type { BridgeSession } from './bridge-session.js';
import { notInitialized, sessionNotFound } from './bridge-error.js';

export class SessionRegistry {
  private readonly sessions = new Map<string, BridgeSession>();
  private initialized = false;

  add(session: BridgeSession): void {
    this.initialized = true;
    this.sessions.set(session.key, session);
  }

  find(sessionId: string): BridgeSession | undefined {
    return this.sessions.get(sessionId);
  }

  /** The session for a request of `method`, or the error that explains why there is none. */
  get(sessionId: string, method: string): BridgeSession {
    const session = this.sessions.get(sessionId);
    if (session) return session;
    throw this.initialized ? sessionNotFound(sessionId) : notInitialized(method);
  }

  /** Files the session under its new id (after clear) and forgets the old one. */
  rekey(session: BridgeSession, update: () => void): void {
    this.sessions.delete(session.key);
    update();
    this.sessions.set(session.key, session);
  }

  remove(session: BridgeSession): void {
    if (this.sessions.get(session.key) === session) this.sessions.delete(session.key);
  }

  /** Newest first (the most recently opened or renamed session leads). */
  newestFirst(): BridgeSession[] {
    return [...this.sessions.values()].reverse();
  }

  /** Empties the registry and returns what was in it. */
  takeAll(): BridgeSession[] {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    return all;
  }
}
