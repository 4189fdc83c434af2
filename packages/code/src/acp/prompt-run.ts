// One session/prompt while it runs: whether it was cancelled, and the end of the Wave turn it
// started (the first turn to start after it asked). Wave's stop reasons become ACP's here.
import type { StopReason } from '@agentclientprotocol/sdk';
import type { AgentEvent, TurnStopReason } from '@wave-agent/shared-protocol';
import { turnFailed } from './acp-errors.js';

type TurnEnd = Extract<AgentEvent, { type: 'turnEnded' }>;

const STOP_REASONS: Readonly<Record<Exclude<TurnStopReason, 'error'>, StopReason>> = {
  end_turn: 'end_turn',
  max_tokens: 'max_tokens',
  max_turns: 'max_turn_requests',
  refusal: 'refusal',
  aborted: 'cancelled',
  // Queued and removed before it ran: it did not happen.
  removed: 'cancelled',
};

export class PromptRun {
  private cancelledByClient = false;
  readonly abort = new AbortController();
  private turnId: string | undefined;
  private expecting = false;
  private endTurn: ((end: TurnEnd | undefined) => void) | undefined;
  private readonly turnEnd = new Promise<TurnEnd | undefined>(
    (resolve) => (this.endTurn = resolve),
  );

  get cancelled(): boolean {
    return this.cancelledByClient;
  }

  cancel(): void {
    this.cancelledByClient = true;
    this.abort.abort(new Error('The prompt was cancelled.'));
  }

  /** The next turn to start is this prompt's. */
  expectTurn(): void {
    this.expecting = true;
  }

  observe(event: AgentEvent): void {
    if (event.type === 'turnStarted' && this.expecting && this.turnId === undefined)
      this.turnId = event.turnId;
    if (event.type === 'turnEnded' && event.turnId === this.turnId) this.endTurn?.(event);
  }

  /** The session went away under the prompt (the connection closed). */
  abandon(): void {
    this.cancel();
    this.endTurn?.(undefined);
  }

  /** The prompt's answer once its turn ends: a stop reason, or the turn's error as an error. */
  async stopReason(): Promise<StopReason> {
    const end = await this.turnEnd;
    if (this.cancelled || end === undefined) return 'cancelled';
    if (end.stopReason === 'error')
      throw turnFailed(end.error ?? 'The turn failed; Wave logged why on its stderr.');
    return STOP_REASONS[end.stopReason];
  }
}
