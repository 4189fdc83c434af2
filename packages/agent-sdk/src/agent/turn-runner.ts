// One thing at a time changes the conversation: a reply, a `!command` or a compaction. Each is a
// turn with a beginning and an end that every host sees (turnStarted / turnEnded, with the stop
// reason and the tokens it used). Messages sent while a turn runs wait in the queue and start,
// in order, when the turn before them has ended.
import { randomUUID } from 'node:crypto';
import type { TurnActivity, TurnStopReason, Usage } from '@wave-agent/shared-protocol';
import type { EventHub } from '../events/event-hub.js';
import { MessageQueue } from '../message-queue.js';
import { errorText } from '@wave-agent/shared-protocol';

/** How a turn ended. */
export interface TurnEnd {
  readonly stopReason: Exclude<TurnStopReason, 'removed'>;
  /** What went wrong, as a sentence, when stopReason is "error". */
  readonly error?: string;
}

/** A turn's end as its caller learns it. */
export interface TurnSummary extends TurnEnd {
  readonly usage: Usage;
  readonly durationMs: number;
}

export const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

function usageSpent(before: Usage, after: Usage): Usage {
  const spent: { -readonly [K in keyof Usage]: Usage[K] } = {
    inputTokens: after.inputTokens - before.inputTokens,
    outputTokens: after.outputTokens - before.outputTokens,
  };
  if (after.reasoningTokens !== undefined)
    spent.reasoningTokens = after.reasoningTokens - (before.reasoningTokens ?? 0);
  if (after.cachedInputTokens !== undefined)
    spent.cachedInputTokens = after.cachedInputTokens - (before.cachedInputTokens ?? 0);
  if (after.cacheWriteTokens !== undefined)
    spent.cacheWriteTokens = after.cacheWriteTokens - (before.cacheWriteTokens ?? 0);
  return spent;
}

export const TURN_RUNNING = 'A turn is already running. Wait for it to end or abort it first.';

export class TurnRunner {
  readonly queue: MessageQueue;
  private running: AbortController | undefined;
  /** Settles when the running turn has wound down. */
  private idle: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly hub: EventHub,
    /** Called after every turn (the summary sidecar is rewritten). */
    private readonly afterTurn: () => void,
  ) {
    this.queue = new MessageQueue((queued) => hub.emit({ type: 'queuedMessagesChanged', queued }));
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Resolves when nothing runs any more. */
  settled(): Promise<void> {
    return this.idle;
  }

  /** Stops the running turn; its partial content stays, well formed. */
  abort(reason = 'Aborted by the user.'): void {
    this.running?.abort(new Error(reason));
  }

  /** No turn starts any more (the agent is being destroyed). */
  stop(): void {
    this.stopped = true;
    this.queue.cancelAll();
    this.abort();
  }

  /**
   * Runs `work` as a turn: turnStarted, the work, turnEnded with the end `endOf` reads from its
   * result (or "error" with the sentence when it throws, which is rethrown). Then the next queued
   * message starts. Throws at once when a turn is already running.
   */
  async run<T>(
    activity: TurnActivity,
    work: (signal: AbortSignal) => Promise<T>,
    endOf: (result: T, signal: AbortSignal) => TurnEnd,
  ): Promise<{ readonly result: T; readonly summary: TurnSummary }> {
    if (this.running) throw new Error(TURN_RUNNING);
    const controller = new AbortController();
    this.running = controller;
    let settle!: () => void;
    this.idle = new Promise<void>((resolve) => (settle = resolve));
    const turnId = randomUUID();
    const startedAt = Date.now();
    const usageBefore = this.hub.state.usage.total;
    this.hub.emit({ type: 'turnStarted', turnId, startedAt, activity });
    let outcome: { readonly result: T } | { readonly error: unknown };
    let end: TurnEnd;
    try {
      const result = await work(controller.signal);
      outcome = { result };
      end = endOf(result, controller.signal);
    } catch (error) {
      outcome = { error };
      end = { stopReason: 'error', error: errorText(error) };
    }
    const summary = this.summaryOf(end, usageBefore, startedAt);
    // Idle before anyone hears of the end, so a host that acts on it finds the agent ready.
    this.running = undefined;
    settle();
    try {
      const { usage, durationMs } = summary;
      this.hub.emit({ type: 'turnEnded', turnId, ...end, usage, durationMs });
    } finally {
      this.afterTurn();
      if (!this.stopped && !this.running) this.queue.startNext();
    }
    if ('error' in outcome) throw outcome.error;
    return { result: outcome.result, summary };
  }

  private summaryOf(end: TurnEnd, usageBefore: Usage, startedAt: number): TurnSummary {
    return {
      ...end,
      usage: usageSpent(usageBefore, this.hub.state.usage.total),
      durationMs: Date.now() - startedAt,
    };
  }
}
