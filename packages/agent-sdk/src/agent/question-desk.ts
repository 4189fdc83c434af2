// The model's questions to the user (AskUserQuestion's choices, ExitPlanMode's plan) as session
// state (ARCHITECTURE §2.12), like the permission desk's: `userQuestionAsked` shows it in every
// attached host, one that attaches or reloads later too, and the first answer
// (`answerUserQuestion`) settles it; `userQuestionAnswered` takes it away everywhere. A stopped
// turn takes it away unanswered. No timeout: the model asked a person, and waits for one.
import { randomUUID } from 'node:crypto';
import type { UserAnswer, UserQuestion } from '@wave-agent/shared-protocol';
import type { EventHub } from '../events/event-hub.js';

/** What a tool asks: the question's `ask`, the call that asks, and the subagent asking, if one. */
export interface UserQuestionRequest {
  readonly ask: UserQuestion['ask'];
  readonly toolCallId: string;
  readonly messageId?: string;
  readonly subagent?: string;
  /** An MCP server's form (elicitation): the server and its message. */
  readonly elicitation?: UserQuestion['elicitation'];
  readonly signal: AbortSignal;
}

interface Waiting {
  readonly ask: UserQuestion['ask'];
  readonly settle: (answer: UserAnswer | undefined) => void;
}

/** Why an answer does not fit its question, or undefined when it does. */
function misfit(ask: UserQuestion['ask'], answer: UserAnswer): string | undefined {
  if (answer.kind === 'declined') return undefined;
  if (ask.kind !== answer.kind)
    return `This question asks for ${ask.kind === 'plan' ? 'a plan decision' : 'choices'}, not ${answer.kind === 'plan' ? 'a plan decision' : 'choices'}.`;
  if (answer.kind === 'choices' && ask.kind === 'choices') {
    if (answer.answers.length !== ask.questions.length)
      return `Give one answer list per question: ${ask.questions.length} expected, ${answer.answers.length} given.`;
    const single = ask.questions.findIndex(
      (question, index) => !question.multiSelect && (answer.answers[index]?.length ?? 0) > 1,
    );
    if (single !== -1) return `Question ${single + 1} takes one answer, but several were given.`;
  }
  return undefined;
}

export class QuestionDesk {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly hub: EventHub) {}

  /** Poses the question and resolves with the first answer; undefined when the turn stopped. */
  ask(request: UserQuestionRequest): Promise<UserAnswer | undefined> {
    if (request.signal.aborted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const requestId = randomUUID();
      const settle = (answer: UserAnswer | undefined): void => {
        if (!this.waiting.delete(requestId)) return;
        request.signal.removeEventListener('abort', onAbort);
        this.hub.emit({ type: 'userQuestionAnswered', requestId });
        resolve(answer);
      };
      const onAbort = (): void => settle(undefined);
      // Registered before anyone hears the question, so an answer given at once is taken.
      this.waiting.set(requestId, { ask: request.ask, settle });
      request.signal.addEventListener('abort', onAbort, { once: true });
      this.hub.emit({
        type: 'userQuestionAsked',
        requestId,
        toolCallId: request.toolCallId,
        ...(request.messageId !== undefined ? { messageId: request.messageId } : {}),
        ...(request.subagent !== undefined ? { subagent: request.subagent } : {}),
        ...(request.elicitation !== undefined ? { elicitation: request.elicitation } : {}),
        requestedAt: Date.now(),
        ask: request.ask,
      });
    });
  }

  /**
   * Answers a waiting question; false when it no longer waits (answered elsewhere, or stopped).
   * Throws a sentence when the answer does not fit the question: it stays open.
   */
  answer(requestId: string, answer: UserAnswer): boolean {
    const waiting = this.waiting.get(requestId);
    if (!waiting) return false;
    const problem = misfit(waiting.ask, answer);
    if (problem !== undefined) throw new Error(`${problem} The question is still open.`);
    waiting.settle(answer);
    return true;
  }
}
