// Permission questions as session state (ARCHITECTURE §2.12): a tool call that needs a person's yes
// becomes a `permissionRequested` event, so every attached host shows it — also one that
// attaches or reloads later — and any of them answers it (`answer`). The SDK user's own
// `canUseTool` answers like any host. A question ends with `permissionResolved` when it is
// answered, when the turn is stopped, or, for hosts that may never answer, after a timeout.
import { randomUUID } from 'node:crypto';
import type { PermissionDecision as WireDecision, Message } from '@wave-agent/shared-protocol';
import type { EventHub } from '../events/event-hub.js';
import type { Logger } from '../logger.js';
import type {
  CanUseTool,
  PermissionDecision,
  PermissionRequest,
} from '../permissions/permission-request.js';
import { errorText } from '@wave-agent/shared-protocol';

export interface PermissionDeskOptions {
  readonly hub: EventHub;
  /** The SDK user's asker; it answers like any attached host. */
  readonly canUseTool?: CanUseTool;
  /** How long a question waits for an answer before it is denied; undefined: as long as the turn. */
  readonly timeoutMs?: number;
  readonly logger: Logger;
}

function decisionOf(decision: WireDecision, reason?: string): PermissionDecision {
  if (decision !== 'deny') return { decision };
  return reason === undefined ? { decision } : { decision, reason };
}

/** The message whose tool block has this id (the newest one, as the reducer addresses them). */
function messageOfTool(messages: readonly Message[], toolCallId: string): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.blocks.some((block) => block.type === 'tool' && block.id === toolCallId))
      return message.id;
  }
  return undefined;
}

export class PermissionDesk {
  private readonly waiting = new Map<string, (decision: PermissionDecision) => void>();
  /** The waiting questions that offer a rule to save (`allowAlways` answers only these). */
  private readonly offeringRule = new Set<string>();

  constructor(private readonly options: PermissionDeskOptions) {}

  /** The policy's asker: poses the question and resolves with the first answer. */
  readonly ask: CanUseTool = (request) => {
    const stopped: PermissionDecision = {
      decision: 'deny',
      reason: 'The turn was stopped before anyone answered.',
    };
    if (request.signal.aborted) return stopped;
    return new Promise<PermissionDecision>((resolve) => {
      const requestId = randomUUID();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (decision: PermissionDecision): void => {
        if (!this.waiting.delete(requestId)) return;
        this.offeringRule.delete(requestId);
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        this.options.hub.emit({
          type: 'permissionResolved',
          requestId,
          decision: decision.decision,
          ...(decision.decision === 'deny' && decision.reason !== undefined
            ? { reason: decision.reason }
            : {}),
        });
        resolve(decision);
      };
      const onAbort = (): void => settle(stopped);
      // Registered before anyone hears the question, so an answer given at once is taken.
      this.waiting.set(requestId, settle);
      if (request.alwaysRule !== undefined) this.offeringRule.add(requestId);
      request.signal.addEventListener('abort', onAbort, { once: true });
      const { timeoutMs } = this.options;
      if (timeoutMs !== undefined)
        timer = setTimeout(() => this.expire(requestId, request, timeoutMs), timeoutMs);
      this.pose(requestId, request);
      this.askOwner(requestId, request);
    });
  };

  /**
   * Answers a waiting question; false when it is not waiting (answered already, or gone). Throws
   * a sentence for `allowAlways` to a question that offers no rule: the question stays open.
   */
  answer(requestId: string, decision: WireDecision, reason?: string): boolean {
    const settle = this.waiting.get(requestId);
    if (!settle) return false;
    if (decision === 'allowAlways' && !this.offeringRule.has(requestId))
      throw new Error(
        `"allowAlways" is not an answer to this question: it offers no rule to save. Answer allow, allowSession or deny.`,
      );
    settle(decisionOf(decision, reason));
    return true;
  }

  private pose(requestId: string, request: PermissionRequest): void {
    const { hub } = this.options;
    const messageId = messageOfTool(hub.state.conversation.messages, request.toolCallId);
    hub.emit({
      type: 'permissionRequested',
      requestId,
      toolName: request.toolName,
      toolCallId: request.toolCallId,
      ...(messageId !== undefined ? { messageId } : {}),
      input: JSON.stringify(request.input) ?? 'null',
      ...(request.compactParams !== undefined ? { compactParams: request.compactParams } : {}),
      reason: request.reason,
      ...(request.alwaysRule !== undefined ? { alwaysRule: request.alwaysRule } : {}),
      requestedAt: Date.now(),
    });
  }

  private askOwner(requestId: string, request: PermissionRequest): void {
    const { canUseTool, logger } = this.options;
    if (!canUseTool) return;
    Promise.resolve()
      .then(() => canUseTool(request))
      .then(
        (decision) => this.waiting.get(requestId)?.(decision),
        (error: unknown) => {
          const reason = errorText(error);
          logger.error(`canUseTool failed for ${request.toolName}; the call is denied.`, error);
          this.waiting.get(requestId)?.({
            decision: 'deny',
            reason: `The permission question could not be asked (${reason}).`,
          });
        },
      );
  }

  private expire(requestId: string, request: PermissionRequest, timeoutMs: number): void {
    const seconds = `${timeoutMs / 1000} s`;
    this.options.logger.warn(
      `${request.toolName} (${request.toolCallId}): no permission answer within ${seconds}; denied.`,
    );
    this.waiting.get(requestId)?.({
      decision: 'deny',
      reason: `No answer came within ${seconds}, so the permission question timed out.`,
    });
  }
}
