// The editor, as an ACP session talks to it (its own file, so the session and its permission
// bridge do not import each other).
import type * as acp from '@agentclientprotocol/sdk';
import type { SessionUpdate } from './update-parts.js';

/** The editor, as a session talks to it. */
export interface AcpPeer {
  /** Sends one session/update; a failure is logged, never thrown. */
  send(sessionId: string, update: SessionUpdate): void;
  requestPermission(
    params: acp.RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<acp.RequestPermissionResponse>;
}
