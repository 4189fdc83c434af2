// One session as a graphical host holds it: every event notification goes through the 16 ms
// window-concat coalescer (DESIGN §2.6) into the one reducer; pulls replace the state, deltas
// after them append (§2.4); rewind receipts truncate locally only when they answer the request
// the host is waiting for (§2.11). Every state the host ever showed is kept, for tests that must
// check intermediate states, not just the last one.
import {
  applyEvent,
  createCoalescer,
  emptyConversation,
  isAgentEventType,
  parseEventNotification,
  parseNotification,
} from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  Coalescer,
  ConversationState,
  Message,
  QueuedMessage,
  RewindResultParams,
  RewindToMessageResult,
} from '@wave-agent/shared-protocol';
import type { HostRequester, Notification } from './host-types.js';

export const HOST_WINDOW_MS = 16;

export class HostSession {
  /** Every notification of this session, as received. */
  readonly received: Notification[] = [];
  /** The events among them, validated, as they arrived (before the coalescer). */
  readonly receivedEvents: AgentEvent[] = [];
  /** Events as the coalescer handed them to the reducer (merged deltas, in order). */
  readonly applied: AgentEvent[] = [];
  /** Every state the host held, in order, starting with the empty one. */
  readonly states: ConversationState[] = [emptyConversation];
  /** Receipts that did not answer the pending request, and were ignored. */
  readonly ignoredReceipts: RewindResultParams[] = [];
  /** Notifications that failed validation (a test fails if there are any). */
  readonly problems: string[] = [];
  queued: readonly QueuedMessage[] = [];
  private readonly coalescer: Coalescer;
  private pendingRewind: { readonly requestId: string; readonly anchor: string } | undefined;

  constructor(
    readonly sessionId: string,
    private readonly client: HostRequester,
  ) {
    this.coalescer = createCoalescer({
      windowMs: HOST_WINDOW_MS,
      send: (event) => this.apply(event),
    });
  }

  get state(): ConversationState {
    return this.states.at(-1) ?? emptyConversation;
  }

  receive(notification: Notification): void {
    this.received.push(notification);
    const { method, params } = notification;
    if (isAgentEventType(method)) {
      const parsed = parseEventNotification(method, params);
      if (parsed.ok) {
        this.receivedEvents.push(parsed.value.event);
        this.coalescer.push(parsed.value.event);
      } else this.problems.push(parsed.message);
      return;
    }
    // Not an event: whatever the coalescer holds came before it, so it takes effect first.
    this.coalescer.flush();
    if (method === 'rewindResult') {
      const receipt = parseNotification('rewindResult', params);
      if (receipt.ok) this.onRewindReceipt(receipt.value);
      else this.problems.push(receipt.message);
    } else if (method === 'queuedMessagesChanged') {
      const change = parseNotification('queuedMessagesChanged', params);
      if (change.ok) this.queued = change.value.queued;
      else this.problems.push(change.message);
    }
  }

  /** getMessages: the answer replaces the host's state (after what was buffered before it). */
  async pull(): Promise<readonly Message[]> {
    const { messages } = await this.client.request('getMessages', { sessionId: this.sessionId });
    this.coalescer.flush();
    this.apply({ type: 'messagesReplaced', messages });
    return messages;
  }

  /** rewindToMessage; with a requestId the host waits for that receipt (and only that one). */
  rewind(messageId: string, requestId?: string): Promise<RewindToMessageResult> {
    if (requestId !== undefined) this.pendingRewind = { requestId, anchor: messageId };
    return this.client.request('rewindToMessage', {
      sessionId: this.sessionId,
      messageId,
      ...(requestId !== undefined ? { requestId } : {}),
    });
  }

  /** Applies what the coalescer still holds (as its window timer would, a little later). */
  settle(): ConversationState {
    this.coalescer.flush();
    return this.state;
  }

  dispose(): void {
    this.coalescer.flush();
    this.coalescer.dispose();
  }

  private onRewindReceipt(receipt: RewindResultParams): void {
    const pending = this.pendingRewind;
    if (pending === undefined || receipt.requestId !== pending.requestId) {
      this.ignoredReceipts.push(receipt);
      return;
    }
    this.pendingRewind = undefined;
    // Truncate on our own ok receipt, unless only files were restored.
    if (receipt.ok && receipt.conversationCut !== false) {
      this.apply({ type: 'messagesRewound', anchorMessageId: pending.anchor });
    }
  }

  private apply(event: AgentEvent): void {
    this.applied.push(event);
    this.states.push(applyEvent(this.state, event));
  }
}
