// emit = reduce + persist + notify, in that order: when a consumer hears of an event, the
// agent's state already includes it and it is already on disk (DESIGN §1, §4).
import { randomUUID } from 'node:crypto';
import { applyEvent, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent, ConversationState } from '@wave-agent/shared-protocol';
import type { Logger } from '../logger.js';
import { invokeCallback } from './callbacks.js';
import type { AgentCallbacks, AgentEventListener } from './callbacks.js';

export interface EventSink {
  /**
   * Writes the event durably before anyone is told about it. Throws when it cannot; the error's
   * message is told to the user as a warning and the sink is not used again.
   */
  append(event: AgentEvent): void;
}

export class EventHub {
  private current: ConversationState;
  private readonly listeners = new Set<AgentEventListener>();

  constructor(
    private readonly callbacks: AgentCallbacks,
    private readonly logger: Logger,
    private sink: EventSink | undefined,
    initial: ConversationState = emptyConversation,
  ) {
    this.current = initial;
  }

  get state(): ConversationState {
    return this.current;
  }

  /** Switches where events are persisted (a new session after /clear, a restored one). */
  setSink(sink: EventSink | undefined): void {
    this.sink = sink;
  }

  subscribe(listener: AgentEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Replaces the whole state (restore, clear) and tells consumers with a messagesReplaced event.
   * It is not persisted: the session file already holds what it replays to.
   */
  replace(state: ConversationState): void {
    this.current = state;
    this.notifyAll({ type: 'messagesReplaced', messages: state.messages });
  }

  emit(event: AgentEvent): void {
    this.current = applyEvent(this.current, event);
    const failure = this.persist(event);
    this.notifyAll(event);
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

  /** Appends the event to the sink; a failing sink is dropped and its warning returned. */
  private persist(event: AgentEvent): string | undefined {
    if (!this.sink) return undefined;
    try {
      this.sink.append(event);
      return undefined;
    } catch (error) {
      this.sink = undefined;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(message);
      return message;
    }
  }

  private notifyAll(event: AgentEvent): void {
    this.notify(() => invokeCallback(this.callbacks, event));
    for (const listener of this.listeners) this.notify(() => listener(event));
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
