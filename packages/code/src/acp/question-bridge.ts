// The model's questions and plans, put to the editor (question-options.ts says how: ACP's
// session/request_permission is the closest it has). Each `userQuestionAsked` becomes one request
// per question, asked in turn; the editor's answers go back as one answer. When the question is
// answered elsewhere first (another host, a stop), the editor's request is withdrawn.
import type { Logger } from '@wave-agent/agent-sdk';
import type { SessionHandle } from '@wave-agent/client';
import type { UserAnswer, UserQuestion } from '@wave-agent/shared-protocol';
import { errorText } from '@wave-agent/shared-protocol';
import type { AcpPeer } from './acp-peer.js';
import { EditorRequests } from './editor-requests.js';
import { choiceOf, choiceRequest, planAnswerOf, planRequest } from './question-options.js';

export interface QuestionBridgeOptions {
  readonly sessionId: string;
  readonly peer: AcpPeer;
  readonly logger: Logger;
}

export class QuestionBridge {
  /** Questions put to the editor and still waited on. */
  private readonly asking = new EditorRequests();

  constructor(private readonly options: QuestionBridgeOptions) {}

  ask(question: UserQuestion, handle: SessionHandle, messageId: string): void {
    const signal = this.asking.start(question.requestId);
    void this.answerOf(question, messageId, signal)
      .catch((error: unknown): UserAnswer => {
        this.options.logger.warn(
          `Session ${this.options.sessionId}: the editor could not ask the model's question (${errorText(error)}).`,
        );
        return { kind: 'declined' };
      })
      .then(async (answer) => {
        // Answered elsewhere meanwhile: that answer stands.
        if (!this.asking.settle(question.requestId)) return;
        await handle.answerUserQuestion(question.requestId, answer);
      })
      .catch((error: unknown) =>
        this.options.logger.error(
          `Session ${this.options.sessionId}: could not pass on the answer: ${errorText(error)}`,
        ),
      );
  }

  private async answerOf(
    question: UserQuestion,
    messageId: string,
    signal: AbortSignal,
  ): Promise<UserAnswer> {
    const { peer, sessionId } = this.options;
    const call = { sessionId, messageId, toolCallId: question.toolCallId };
    if (question.ask.kind === 'plan')
      return planAnswerOf(
        await peer.requestPermission(planRequest(call, question.ask.plan), signal),
      );
    const answers: string[][] = [];
    for (const asked of question.ask.questions) {
      const response = await peer.requestPermission(
        choiceRequest(call, asked, question.elicitation),
        signal,
      );
      const choice = choiceOf(asked, response);
      if (choice === undefined) return { kind: 'declined' };
      answers.push([choice]);
    }
    return { kind: 'choices', answers };
  }

  /** Wave no longer waits for this answer. */
  withdraw(requestId: string): void {
    this.asking.withdraw(requestId);
  }

  withdrawAll(): void {
    this.asking.withdrawAll();
  }
}
