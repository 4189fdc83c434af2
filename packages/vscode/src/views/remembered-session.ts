// Which session a view showed before a reload. The sidebar's is kept in the workspace's state by
// the extension; each view's page also keeps `{ sessionId }` in its webview state, which VS Code
// hands back to the view provider and the editor tabs' serializer. That state comes from the
// page, so it is read as a stranger's: a bounded id of plain characters or nothing (wave itself
// refuses an id it does not store, and the view then starts a new session).
import type { Memento } from 'vscode';

const SIDEBAR_KEY = 'wave.sidebarSession';
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function plainId(value: unknown): string | undefined {
  return typeof value === 'string' && PLAIN_ID.test(value) ? value : undefined;
}

/** The session id in a webview's saved state, if it holds a plausible one. */
export function sessionInState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  return plainId((state as { sessionId?: unknown }).sessionId);
}

/** The sidebar's session as the workspace remembers it. */
export function sidebarSession(memento: Memento): string | undefined {
  return plainId(memento.get<unknown>(SIDEBAR_KEY));
}

export function rememberSidebarSession(memento: Memento, sessionId: string): void {
  void memento.update(SIDEBAR_KEY, sessionId);
}
