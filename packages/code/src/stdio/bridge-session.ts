// One open session: an Agent, the id the host routes it by, and the work it runs in the
// background. Every AgentEvent goes to the host as its notification, as emitted (pure deltas),
// except `messagesRewound`, which the bridge replaces by its own answer to rewindToMessage
// (a receipt, or the full list; see rewind-to-message.ts).
import { randomUUID } from 'node:crypto';
import type { Agent, Logger } from '@wave-agent/agent-sdk';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import type { NotificationSender } from './notification-sender.js';

/** How long closing a session waits for its aborted work to wind down before going on. */
const WIND_DOWN_MS = 10_000;

/** The session's id as the host knows it; it changes when clearMessages starts a new session. */
export interface SessionRoute {
  key: string;
}

export interface BridgeSessionParts {
  readonly route: SessionRoute;
  readonly agent: Agent;
  /** What initialize was given (restoreSession opens sibling sessions with the same settings). */
  readonly initializeParams: InitializeParams;
  readonly notifications: NotificationSender;
  readonly logger: Logger;
}

export class BridgeSession {
  readonly agent: Agent;
  readonly initializeParams: InitializeParams;
  private readonly route: SessionRoute;
  private readonly notifications: NotificationSender;
  private readonly logger: Logger;
  private readonly running = new Set<Promise<unknown>>();
  private readonly sideQuestions = new Set<AbortController>();
  private readonly unsubscribe: () => void;
  private holdingRewound = false;

  constructor(parts: BridgeSessionParts) {
    this.agent = parts.agent;
    this.initializeParams = parts.initializeParams;
    this.route = parts.route;
    this.notifications = parts.notifications;
    this.logger = parts.logger;
    this.route.key = this.agent.sessionId;
    this.unsubscribe = this.agent.subscribe((event) => {
      if (event.type === 'messagesRewound' && this.holdingRewound) return;
      this.notifications.sendEvent(this.route.key, event);
    });
  }

  get key(): string {
    return this.route.key;
  }

  /** After clear the agent names a new session; the host learns it from the result. */
  followAgentSession(): void {
    this.route.key = this.agent.sessionId;
  }

  /**
   * Runs work the host does not wait for (a turn, a ! command). Its results reach the host as
   * events; a failure that is not an event is logged, never dropped.
   */
  track<T>(work: Promise<T>, what: string): Promise<T> {
    this.running.add(work);
    void work
      .catch((error: unknown) => this.logger.error(`${what} in session ${this.key} failed.`, error))
      .finally(() => this.running.delete(work));
    return work;
  }

  /** Calls `rewind` with the SDK's own messagesRewound event held back from the host. */
  withRewoundEventHeld<T>(rewind: () => T): T {
    this.holdingRewound = true;
    try {
      return rewind();
    } finally {
      this.holdingRewound = false;
    }
  }

  /** /btw: streams the answer as btwUpdated notifications; returns the id they carry. */
  askBtw(question: string): string {
    const btwId = randomUUID();
    const controller = new AbortController();
    this.sideQuestions.add(controller);
    const send = (chunk: string, stage: 'streaming' | 'end', error?: string): void =>
      this.notifications.send('btwUpdated', {
        sessionId: this.key,
        btwId,
        chunk,
        stage,
        ...(error !== undefined ? { error } : {}),
      });
    void this.agent
      .askBtw(question, (chunk) => send(chunk, 'streaming'), controller.signal)
      .then(
        () => send('', 'end'),
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.warn(`The side question ${btwId} failed: ${reason}`);
          send(
            '',
            'end',
            `Wave could not answer this side question: ${reason} Ask again in a moment.`,
          );
        },
      )
      .finally(() => this.sideQuestions.delete(controller));
    return btwId;
  }

  /**
   * Brings the session to rest: queued messages are dropped (so no next turn starts), the running
   * turn and side questions are aborted, and their ends are awaited, so nothing they still emit
   * lands in whatever comes next (a cleared session, a closed file).
   */
  async quiesce(): Promise<void> {
    for (const queued of this.agent.queuedMessages) this.agent.removeQueuedMessage(queued.id);
    this.agent.abortMessage();
    for (const controller of this.sideQuestions)
      controller.abort(new Error('The session is closing.'));
    await this.settled();
  }

  /** Quiesces, then closes the agent: its session file holds everything emitted. */
  async close(): Promise<void> {
    await this.quiesce();
    this.unsubscribe();
    this.agent.destroy();
  }

  private async settled(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), WIND_DOWN_MS);
    });
    const outcome = await Promise.race([Promise.allSettled([...this.running]), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      this.logger.warn(
        `Session ${this.key}: aborted work did not end within ${WIND_DOWN_MS / 1000} s; going on without it.`,
      );
    }
  }
}
