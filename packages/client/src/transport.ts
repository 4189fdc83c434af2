// What a WaveClient needs of the way to the server. Each transport carries the same protocol
// (the method table and the `sessionEvents` batches of shared-protocol); they differ only in
// what lies between: nothing (in-process), a postMessage channel, a child process's pipes.

/** Where the connection to the server stands, with a sentence when something went wrong. */
export type TransportStatus =
  /** Serving. `epoch` counts servers: a new one (after a restart) knows no open session. */
  | { readonly state: 'connected'; readonly epoch: number }
  /** The server stopped unexpectedly and is being started again. */
  | { readonly state: 'restarting'; readonly message: string }
  /** The server stopped and will not be started again; `message` says why and what to do. */
  | { readonly state: 'crashed'; readonly message: string }
  /** Closed on purpose. */
  | { readonly state: 'closed' };

export type ServerRequestHandler = (method: string, params: unknown) => unknown;

export interface Transport {
  /**
   * Whether what arrives must be validated before use: true across any boundary; false
   * in-process, where results and events are the server's own objects.
   */
  readonly validates: boolean;
  readonly status: TransportStatus;
  /** Sends one request; resolves with its raw result, rejects with an RpcError. */
  request(method: string, params: unknown): Promise<unknown>;
  /** Every notification the server sends, in order. Returns the unsubscribe function. */
  onNotification(listener: (method: string, params: unknown) => void): () => void;
  onStatus(listener: (status: TransportStatus) => void): () => void;
  /** Something unreadable arrived and was skipped (a sentence saying what). */
  onProblem(listener: (problem: string) => void): () => void;
  /** Answers requests the server sends (e.g. requestWorkspaceTrust); without one they are refused. */
  setServerRequestHandler(handler: ServerRequestHandler | undefined): void;
  close(): Promise<void>;
}

export const CONNECTED: TransportStatus = Object.freeze({ state: 'connected', epoch: 1 });
