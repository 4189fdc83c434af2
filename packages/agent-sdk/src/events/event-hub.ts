// emit = reduce + persist + notify, in that order: when a consumer hears of an event, the
// session state already includes it and it is already on disk (ARCHITECTURE §1, §4). The state is the
// shared SessionState, made by the one session reducer; each event gets the next number of the
// session's sequence, which hosts use to tell a gap from a batch they already have.
import { randomUUID } from 'node:crypto';
import { applySessionEvent, errorText } from '@wave-agent/shared-protocol';
import type { AgentEvent, SessionState } from '@wave-agent/shared-protocol';
import type { Logger } from '../logger.js';
import { invokeCallback } from './callbacks.js';
import type { AgentCallbacks, AgentEventListener } from './callbacks.js';
import { isPersisted } from './persisted-events.js';

export interface EventSink {
  /**
   * Writes the event durably before anyone is told about it. Throws when it cannot; the error's
   * message is told to the user as a warning (the sink then stops writing on its own).
   */
  append(event: AgentEvent): void;
}

export class EventHub {
  private current: SessionState;
  private lastSeq = 0;
  private readonly listeners = new Set<AgentEventListener>();

  constructor(
    private readonly callbacks: AgentCallbacks,
    private readonly logger: Logger,
    private readonly sink: EventSink,
    initial: SessionState,
  ) {
    this.current = initial;
  }

  get state(): SessionState {
    return this.current;
  }

  /** The number of the last event emitted (0 before the first). */
  get seq(): number {
    return this.lastSeq;
  }

  subscribe(listener: AgentEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AgentEvent): void {
    this.current = applySessionEvent(this.current, event);
    this.lastSeq += 1;
    const failure = isPersisted(event.type) ? this.persist(event) : undefined;
    this.notifyAll(event, this.lastSeq);
    // The event still reaches everyone; then they learn that it (and what follows) is not saved.
    if (failure !== undefined) {
      this.emit({
        type: 'noticeAdded',
        messageId: randomUUID(),
        createdAt: Date.now(),
        level: 'warning',
        message: failure,
      });
    }
  }

  /** Replaces the whole session (clear, restore): every consumer gets it as `sessionReplaced`. */
  replace(state: SessionState): void {
    this.emit({ type: 'sessionReplaced', state });
  }

  /** Appends the event to the sink; a failure's message is returned, to be told to the user. */
  private persist(event: AgentEvent): string | undefined {
    try {
      this.sink.append(event);
      return undefined;
    } catch (error) {
      const message = errorText(error);
      this.logger.warn(message);
      return message;
    }
  }

  private notifyAll(event: AgentEvent, seq: number): void {
    this.notify(() => invokeCallback(this.callbacks, event));
    for (const listener of this.listeners) this.notify(() => listener(event, seq));
  }

  /** A consumer's bug must not break the agent, but it is never hidden either. */
  private notify(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.logger.error('An event listener threw; the agent goes on.', error);
    }
  }
}
