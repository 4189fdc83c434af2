// One open session of the server: an Agent, the id hosts route it by, the connections attached
// to it (each with its own batcher: a merge window across a process boundary, none in-process),
// and the work it runs in the background. Every event goes to every attached connection, in
// order, numbered; a pull flushes the asking connection's batcher first, so its answer follows
// every batch it includes.
import { createEventBatcher } from '@wave-agent/shared-protocol';
import type { AgentEvent, EventBatcher, SessionSnapshot } from '@wave-agent/shared-protocol';
import type { Agent } from '../agent.js';
import { partsOf } from '../agent/agent-parts.js';
import type { AgentParts } from '../agent/agent-parts.js';
import type { Logger } from '../logger.js';
import type { ServerPeer } from './server-peer.js';

/** How long closing a session waits for its aborted work to wind down before going on. */
const WIND_DOWN_MS = 10_000;

export class ServerSession {
  private readonly batchers = new Map<ServerPeer, EventBatcher>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private routeKey: string;

  constructor(
    readonly agent: Agent,
    private readonly logger: Logger,
    /** Told when the session's id changes (clear, restore), so lookups follow it. */
    private readonly onRekey: (session: ServerSession, oldKey: string) => void,
  ) {
    this.routeKey = agent.sessionId;
    this.unsubscribe = agent.subscribe((event, seq) => this.deliver(event, seq));
  }

  /**
   * The named parts of the agent and no others, for a group of handlers whose methods the Agent's
   * public surface does not have (method-context.ts, `sessionParts`).
   */
  partsNamed<K extends keyof AgentParts>(names: readonly K[]): Pick<AgentParts, K> {
    const all = partsOf(this.agent);
    const named: Partial<Pick<AgentParts, K>> = {};
    for (const name of names) named[name] = all[name];
    // Every name of `names` was copied just above.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    return named as Pick<AgentParts, K>;
  }

  /** The id hosts use for this session now. */
  get key(): string {
    return this.routeKey;
  }

  /** The whole state and the number of the last event in it. */
  get snapshot(): SessionSnapshot {
    return { state: this.agent.sessionState, seq: this.agent.seq };
  }

  /** Sends this connection every event after the snapshot returned. Idempotent. */
  attach(peer: ServerPeer): SessionSnapshot {
    this.batchers.get(peer)?.flush();
    if (!this.batchers.has(peer)) this.batchers.set(peer, this.batcherFor(peer, this.agent.seq));
    return this.snapshot;
  }

  detach(peer: ServerPeer): void {
    const batcher = this.batchers.get(peer);
    if (!batcher) return;
    batcher.flush();
    batcher.dispose();
    this.batchers.delete(peer);
  }

  /** Sends what this connection's batcher holds: an answer sent next comes after all of it. */
  flushFor(peer: ServerPeer): void {
    this.batchers.get(peer)?.flush();
  }

  /**
   * Runs work the host does not wait for (a turn, a ! command). Its results reach hosts as
   * events; a failure that is not an event is logged, never dropped.
   */
  track<T>(work: Promise<T>, what: string): Promise<T> {
    this.running.add(work);
    void work
      .catch((error: unknown) => this.logger.error(`${what} in session ${this.key} failed.`, error))
      .finally(() => this.running.delete(work));
    return work;
  }

  /**
   * Brings the session to rest: queued messages are dropped (so no next turn starts), the running
   * turn and the side question are stopped, and their ends are awaited, so nothing they still
   * emit lands in whatever comes next (a closed file).
   */
  async quiesce(): Promise<void> {
    for (const queued of this.agent.queuedMessages) this.agent.removeQueuedMessage(queued.id);
    this.agent.abortMessage();
    const btw = this.agent.sessionState.btw;
    if (btw) this.agent.closeBtw(btw.btwId);
    await this.settled();
  }

  /** Quiesces, then closes the agent (its session file holds everything emitted) for everyone. */
  async close(): Promise<void> {
    await this.quiesce();
    await this.agent.endSession();
    for (const peer of [...this.batchers.keys()]) this.detach(peer);
    this.unsubscribe();
    this.agent.destroy();
  }

  private batcherFor(peer: ServerPeer, afterSeq: number): EventBatcher {
    return createEventBatcher({
      sessionId: this.routeKey,
      windowMs: peer.windowMs,
      afterSeq,
      send: (batch) => {
        try {
          peer.send(batch);
        } catch (error) {
          this.logger.error(`Could not send session ${batch.sessionId}'s events.`, error);
        }
      },
    });
  }

  private deliver(event: AgentEvent, seq: number): void {
    for (const batcher of this.batchers.values()) batcher.push(event, seq);
    if (event.type !== 'sessionReplaced' || event.state.sessionId === this.routeKey) return;
    // The session has a new id (clear, restore). The replace itself went out under the old one,
    // so hosts learn the new id from it; everything after goes out under the new one.
    const oldKey = this.routeKey;
    this.routeKey = event.state.sessionId;
    for (const [peer, batcher] of this.batchers) {
      batcher.flush();
      batcher.dispose();
      this.batchers.set(peer, this.batcherFor(peer, seq));
    }
    this.onRekey(this, oldKey);
  }

  private async settled(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), WIND_DOWN_MS);
    });
    const outcome = await Promise.race([
      Promise.allSettled([...this.running, this.agent.whenIdle()]),
      timedOut,
    ]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      this.logger.warn(
        `Session ${this.key}: aborted work did not end within ${WIND_DOWN_MS / 1000} s; going on without it.`,
      );
    }
  }
}
