// /btw: a side question answered from a fork of the current context, without tools. The answer
// streams as session events (btwStarted, btwUpdated deltas, btwEnded) and never enters the
// conversation; one side question at a time, a new one replaces the last.
import { randomUUID } from 'node:crypto';
import type { EventHub } from '../events/event-hub.js';
import type { Logger } from '../logger.js';
import { errorText } from '@wave-agent/shared-protocol';

/** Streams the answer to `question` through `onChunk`; resolves when it is complete. */
export type AnswerSideQuestion = (
  question: string,
  onChunk: (chunk: string) => void,
  signal: AbortSignal,
) => Promise<void>;

export class SideQuestions {
  private current: { readonly btwId: string; readonly controller: AbortController } | undefined;

  constructor(
    private readonly hub: EventHub,
    private readonly answer: AnswerSideQuestion,
    private readonly logger: Logger,
  ) {}

  /** Asks; returns the id its events carry. */
  ask(question: string): string {
    this.current?.controller.abort(new Error('A new side question replaced it.'));
    const btwId = randomUUID();
    const controller = new AbortController();
    this.current = { btwId, controller };
    this.hub.emit({ type: 'btwStarted', btwId, question, startedAt: Date.now() });
    void this.answer(
      question,
      (chunk) => {
        if (!controller.signal.aborted) this.hub.emit({ type: 'btwUpdated', btwId, chunk });
      },
      controller.signal,
    ).then(
      () => {
        if (!controller.signal.aborted) this.hub.emit({ type: 'btwEnded', btwId });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return; // Closed or replaced: nobody waits for it.
        const reason = errorText(error);
        this.logger.warn(`The side question ${btwId} failed: ${reason}`);
        this.hub.emit({
          type: 'btwEnded',
          btwId,
          error: `Wave could not answer this side question: ${reason} Ask again in a moment.`,
        });
      },
    );
    return btwId;
  }

  /** Puts the side question away, stopping its answer if it is still coming. */
  close(btwId: string): boolean {
    if (this.current?.btwId !== btwId) return false;
    this.current.controller.abort(new Error('The side question was closed.'));
    this.current = undefined;
    this.hub.emit({ type: 'btwClosed', btwId });
    return true;
  }

  /** Closes whatever side question there is (the session is cleared or closing). */
  closeAll(): void {
    if (this.current) this.close(this.current.btwId);
  }
}
