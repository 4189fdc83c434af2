// What the server needs of one connection: where its batches go, and how long it may merge
// deltas before sending (ARCHITECTURE §2.5, §2.6).
import type { SessionEventBatch } from '@wave-agent/shared-protocol';

export interface ServerPeer {
  /** 16 (ms) across a process boundary; 0 in-process, where every event goes out at once. */
  readonly windowMs: number;
  /** Delivers one batch of a session's events, in order. */
  send(batch: SessionEventBatch): void;
  /**
   * Asks the host (a server → client request), for servers that need the host's word (e.g.
   * whether to trust a folder). Transports that cannot ask leave it out.
   */
  request?(method: string, params: unknown): Promise<unknown>;
}
