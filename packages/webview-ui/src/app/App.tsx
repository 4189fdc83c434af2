// The whole view: while the session opens, the connection's state (and the workspace-trust
// question, if the server asks it); then the chat, beside the folder's sessions when the host
// turned that sidebar on. A connection that fails or is lost says so.
import { useSyncExternalStore } from 'react';
import { TrustDialog } from '../dialogs/TrustDialog.js';
import type { WaveConnection } from '../session/wave-connection.js';
import { SessionsSidebar } from '../sessions/SessionsSidebar.js';
import { SessionView } from './SessionView.js';

export function App({ connection }: { readonly connection: WaveConnection }) {
  const state = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  const lost =
    state.status.state === 'restarting' || state.status.state === 'crashed'
      ? state.status.message
      : undefined;
  return (
    <>
      {lost ? (
        <p className="connection-banner" role="alert">
          {lost}
        </p>
      ) : null}
      {state.failure ? (
        <p className="connection-banner" role="alert">
          {state.failure}
        </p>
      ) : null}
      {state.session ? (
        connection.bridge.boot.sidebar ? (
          <SessionsSidebar session={state.session}>
            <SessionView session={state.session} bridge={connection.bridge} />
          </SessionsSidebar>
        ) : (
          <SessionView session={state.session} bridge={connection.bridge} />
        )
      ) : state.failure ? null : (
        <p className="starting">Opening the session…</p>
      )}
      {state.trustQuestion ? <TrustDialog question={state.trustQuestion} /> : null}
    </>
  );
}
