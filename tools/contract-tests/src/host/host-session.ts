// One session as a graphical host holds it: the server sends its events in numbered batches
// (deltas merged within a 16 ms window, DESIGN §2.6); the host applies each batch that follows
// the last number it has, through the one reducer, ignores one a pull already covers, and pulls
// on a gap (§2.4). Every state the host ever showed is kept, for tests that must check
// intermediate states, not just the last one.
import {
  applyEvent,
  emptyConversation,
  parseAgentEvent,
  parseNotification,
} from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  ConversationState,
  Message,
  RewindToMessageResult,
  SessionSnapshot,
} from '@wave-agent/shared-protocol';
import type { HostRequester, Notification } from './host-types.js';

export class HostSession {
  /** Every notification of this session, as received. */
  readonly received: Notification[] = [];
  /** The events of those batches, validated, in order. */
  readonly receivedEvents: AgentEvent[] = [];
  /** How many event numbers the batches covered (more than they carried when deltas merged). */
  coveredNumbers = 0;
  /** Every state the host held, in order, starting with the one it opened with. */
  readonly states: ConversationState[];
  /** Notifications that failed validation, and gaps (a test fails if there are any). */
  readonly problems: string[] = [];
  private seq: number;

  constructor(
    public sessionId: string,
    private readonly client: HostRequester,
    opened: SessionSnapshot,
  ) {
    this.states = [opened.state.conversation];
    this.seq = opened.seq;
  }

  get state(): ConversationState {
    return this.states.at(-1) ?? emptyConversation;
  }

  receive(notification: Notification): void {
    this.received.push(notification);
    const batch = parseNotification('sessionEvents', notification.params);
    if (!batch.ok) {
      this.problems.push(batch.message);
      return;
    }
    const { fromSeq, toSeq, events } = batch.value;
    if (toSeq <= this.seq) return; // A pull already has it.
    if (fromSeq !== this.seq + 1) {
      this.problems.push(`gap: expected ${this.seq + 1}, got ${fromSeq}`);
      return;
    }
    this.seq = toSeq;
    this.coveredNumbers += toSeq - fromSeq + 1;
    for (const raw of events) {
      const parsed = parseAgentEvent(raw);
      if (!parsed.ok) {
        this.problems.push(parsed.message);
        continue;
      }
      this.receivedEvents.push(parsed.value);
      this.apply(parsed.value);
    }
  }

  /** getSessionState: the answer replaces the host's messages; later batches append. */
  async pull(): Promise<readonly Message[]> {
    const { state, seq } = await this.client.request('getSessionState', {
      sessionId: this.sessionId,
    });
    if (seq >= this.seq) {
      this.seq = seq;
      this.states.push(state.conversation);
    }
    return state.conversation.messages;
  }

  /** rewindToMessage; the cut itself arrives as an event carrying `requestId`. */
  rewind(messageId: string, requestId?: string): Promise<RewindToMessageResult> {
    return this.client.request('rewindToMessage', {
      sessionId: this.sessionId,
      messageId,
      ...(requestId !== undefined ? { requestId } : {}),
    });
  }

  /** The state now (batches are applied as they arrive). */
  settle(): ConversationState {
    return this.state;
  }

  dispose(): void {}

  private apply(event: AgentEvent): void {
    if (event.type === 'sessionReplaced') {
      this.sessionId = event.state.sessionId;
      this.states.push(event.state.conversation);
      return;
    }
    const next = applyEvent(this.state, event);
    if (next !== this.state) this.states.push(next);
  }
}
