// A session as a host holds it, with every state it ever showed kept (tests must check the
// states on the way, not only the last one), and the pull the server would answer now.
import type { SessionHandle, WaveClient } from '@wave-agent/client';
import type { AgentEvent, ConversationState, SessionState } from '@wave-agent/shared-protocol';

const WAIT_MS = 20_000;

export class RecordedSession {
  /** Every conversation the host showed, in order, starting with the one it opened with. */
  readonly states: ConversationState[];
  /** Every event the client applied (deltas of one window arrive merged across a boundary). */
  readonly events: AgentEvent[] = [];
  private readonly changed = new Set<() => void>();

  constructor(
    readonly handle: SessionHandle,
    private readonly client: WaveClient,
    private readonly describe: () => string = () => '',
  ) {
    this.states = [handle.getSnapshot().conversation];
    handle.onEvent((event, state) => {
      this.events.push(event);
      if (state.conversation !== this.states.at(-1)) this.states.push(state.conversation);
      for (const listener of [...this.changed]) listener();
    });
  }

  get state(): SessionState {
    return this.handle.getSnapshot();
  }

  /** The whole state as the server has it now (not applied here). */
  async pulled(): Promise<SessionState> {
    return (await this.client.request('getSessionState', { sessionId: this.handle.id })).state;
  }

  /** How many turns have ended. */
  turnsEnded(): number {
    return this.events.filter((event) => event.type === 'turnEnded').length;
  }

  /** Resolves once `test` holds, checked after each event; rejects after `timeoutMs`. */
  waitFor(what: string, test: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => {
        this.changed.delete(check);
        reject(new Error(`${what} did not happen within ${timeoutMs} ms.\n${this.describe()}`));
      }, timeoutMs);
      const check = (): void => {
        if (!test()) return;
        clearTimeout(timer);
        this.changed.delete(check);
        resolve();
      };
      this.changed.add(check);
    });
  }

  /**
   * Sends a message and waits until its turn (and any queued after it) has ended. Read from the
   * state, not from `turnEnded` events: a pull's answer covers the events it includes, so a host
   * that pulled near the end of a turn never sees that event, only the idle status.
   */
  async converse(text: string): Promise<void> {
    const userMessages = (): number =>
      this.state.conversation.messages.filter((message) => message.role === 'user').length;
    const before = userMessages();
    await this.handle.sendMessage(text);
    await this.waitFor(
      `the end of the turn for "${text}"`,
      () =>
        userMessages() > before &&
        this.state.status.type === 'idle' &&
        this.state.queue.length === 0,
    );
  }
}
