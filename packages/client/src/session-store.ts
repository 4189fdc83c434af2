// One session as a host holds it: the SessionState made by the one reducer from the server's
// numbered batches, and the number of the last event it includes. A batch that follows that
// number is applied; one a pull already covers is ignored; one that leaves a gap is refused (the
// handle then pulls). A pull replaces the state; batches after it append (ARCHITECTURE §2.4).
//
// Shaped for React's useSyncExternalStore: `getSnapshot` returns an immutable state that changes
// identity only when something changed, `subscribe` hears each change. Listeners that need every
// event (a terminal that writes history once) use `onEvent`.
import { applySessionEvent } from '@wave-agent/shared-protocol';
import type { AgentEvent, SessionSnapshot, SessionState } from '@wave-agent/shared-protocol';
import { Listeners } from './listeners.js';

export type BatchOutcome = 'applied' | 'covered' | 'gap';

export class SessionStore {
  private state: SessionState;
  private seq: number;
  private readonly changes: Listeners<[]>;
  private readonly events: Listeners<[AgentEvent, SessionState]>;

  constructor(opened: SessionSnapshot, onListenerError: (error: unknown) => void) {
    this.state = opened.state;
    this.seq = opened.seq;
    this.changes = new Listeners(onListenerError);
    this.events = new Listeners(onListenerError);
  }

  /** The number of the last event the state includes. */
  get lastSeq(): number {
    return this.seq;
  }

  readonly getSnapshot = (): SessionState => this.state;

  readonly subscribe = (onChange: () => void): (() => void) => this.changes.add(onChange);

  /** Every event as it is applied, with the state after it; a pull comes as `sessionReplaced`. */
  onEvent(listener: (event: AgentEvent, state: SessionState) => void): () => void {
    return this.events.add(listener);
  }

  applyBatch(fromSeq: number, toSeq: number, events: readonly AgentEvent[]): BatchOutcome {
    if (toSeq <= this.seq) return 'covered';
    if (fromSeq !== this.seq + 1) return 'gap';
    this.seq = toSeq;
    const before = this.state;
    for (const event of events) {
      this.state = applySessionEvent(this.state, event);
      this.events.emit(event, this.state);
    }
    if (this.state !== before) this.changes.emit();
    return 'applied';
  }

  /**
   * A pull: the state replaces this one unless it is older than what is held (an answer that
   * crossed later batches). `restart`: a new server, whose numbers start again.
   */
  replace(snapshot: SessionSnapshot, restart = false): boolean {
    if (!restart && snapshot.seq < this.seq) return false;
    this.seq = snapshot.seq;
    if (snapshot.state === this.state) return true;
    this.state = snapshot.state;
    this.events.emit({ type: 'sessionReplaced', state: snapshot.state }, this.state);
    this.changes.emit();
    return true;
  }
}
