// Wave's permission questions, put to the editor: each `permissionRequested` becomes one
// session/request_permission, and the editor's answer goes back as Wave's decision. When Wave
// stops waiting first (a timeout, a cancelled turn), the editor's request is withdrawn
// ($/cancel_request) and its late answer, if any, changes nothing.
import type { Logger } from '@wave-agent/agent-sdk';
import type { SessionHandle } from '@wave-agent/client';
import type { PermissionQuestion, SessionState } from '@wave-agent/shared-protocol';
import type { AcpPeer } from './acp-peer.js';
import { EditorRequests } from './editor-requests.js';
import { answerOf, answerOfFailure, permissionRequest } from './permission-options.js';
import { errorText } from '@wave-agent/shared-protocol';

export interface PermissionBridgeOptions {
  readonly sessionId: string;
  readonly workdir: string;
  readonly peer: AcpPeer;
  readonly logger: Logger;
}

/** The assistant message that holds a tool call (questions from older agents may not say). */
function messageOfTool(state: SessionState, toolCallId: string): string {
  const messages = state.conversation.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.blocks.some((block) => block.type === 'tool' && block.id === toolCallId))
      return message.id;
  }
  return '';
}

export class PermissionBridge {
  /** Questions put to the editor and still waited on. */
  private readonly asking = new EditorRequests();

  constructor(private readonly options: PermissionBridgeOptions) {}

  ask(question: PermissionQuestion, handle: SessionHandle, state: SessionState): void {
    const { sessionId, workdir, peer, logger } = this.options;
    const messageId = question.messageId ?? messageOfTool(state, question.toolCallId);
    const signal = this.asking.start(question.requestId);
    void peer
      .requestPermission(permissionRequest(sessionId, question, messageId, workdir), signal)
      .then(answerOf, answerOfFailure)
      .then(async (answer) => {
        // Answered elsewhere meanwhile (a timeout, a cancel): that answer stands.
        if (!this.asking.settle(question.requestId)) return;
        await handle.answerPermission(question.requestId, answer.decision, answer.reason);
      })
      .catch((error: unknown) =>
        logger.error(
          `Session ${sessionId}: could not pass on the permission answer: ${errorText(error)}`,
        ),
      );
  }

  /** Wave no longer waits for this answer. */
  withdraw(requestId: string): void {
    this.asking.withdraw(requestId);
  }

  withdrawAll(): void {
    this.asking.withdrawAll();
  }
}
