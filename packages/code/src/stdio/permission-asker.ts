// The SDK's canUseTool over the wire: each question becomes a `requestPermission` request to the
// host. A host that never answers must not hang the turn, so an unanswered question is denied
// after a timeout; a host that answers with an error, or with something that is not an answer,
// is a denial too. Every denial carries a reason the model (and the user) can read.
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import type {
  CanUseTool,
  Logger,
  PermissionDecision,
  PermissionRequest,
} from '@wave-agent/agent-sdk';
import { parseServerRequestResult } from '@wave-agent/shared-protocol';
import type { RequestPermissionParams, RequestPermissionResult } from '@wave-agent/shared-protocol';

export const DEFAULT_PERMISSION_TIMEOUT_MS = 120_000;

export interface PermissionAskerOptions {
  readonly connection: MessageConnection;
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** The session's id as the host knows it now (it changes on clearMessages). */
  readonly sessionId: () => string;
}

function deny(reason: string): PermissionDecision {
  return { decision: 'deny', reason };
}

function decisionFrom(answer: RequestPermissionResult): PermissionDecision {
  if (answer.decision !== 'deny') return { decision: answer.decision };
  return answer.reason === undefined ? { decision: 'deny' } : deny(answer.reason);
}

function questionFor(sessionId: string, request: PermissionRequest): RequestPermissionParams {
  return {
    sessionId,
    toolName: request.toolName,
    toolCallId: request.toolCallId,
    input: JSON.stringify(request.input) ?? 'null',
    ...(request.compactParams !== undefined ? { compactParams: request.compactParams } : {}),
    reason: request.reason,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function permissionAsker(options: PermissionAskerOptions): CanUseTool {
  const { connection, timeoutMs, logger } = options;
  const seconds = `${timeoutMs / 1000} s`;

  return (request) => {
    const question = questionFor(options.sessionId(), request);
    const cancellation = new CancellationTokenSource();
    let answered = false;
    let settled = false;
    let resolveDecision: (decision: PermissionDecision) => void = () => {};
    const decided = new Promise<PermissionDecision>((resolve) => (resolveDecision = resolve));
    const finish = (decision: PermissionDecision): void => {
      settled = true;
      resolveDecision(decision);
    };

    const timer = setTimeout(() => {
      logger.warn(
        `${question.toolName} (${question.toolCallId}): no permission answer within ${seconds}; denied.`,
      );
      finish(
        deny(
          `no answer came from the host within ${seconds}, so the permission question timed out`,
        ),
      );
    }, timeoutMs);
    const onAbort = (): void => finish(deny('the turn was stopped before the host answered'));
    request.signal.addEventListener('abort', onAbort, { once: true });

    // An answer that comes after the question was settled (timed out, aborted) changes nothing.
    const onAnswer = (raw: unknown): void => {
      if (settled) return;
      answered = true;
      const parsed = parseServerRequestResult('requestPermission', raw);
      if (parsed.ok) return finish(decisionFrom(parsed.value));
      logger.error(`The host's permission answer was not understood: ${parsed.message}`);
      finish(deny(`the host's answer could not be understood (${parsed.message})`));
    };
    const onFailure = (error: unknown): void => {
      if (settled) return;
      answered = true;
      logger.warn(`The host could not answer the permission question: ${errorText(error)}`);
      finish(deny(`the host could not answer the permission question (${errorText(error)})`));
    };
    try {
      connection
        .sendRequest('requestPermission', question, cancellation.token)
        .then(onAnswer, onFailure);
    } catch (error) {
      onFailure(error);
    }
    if (request.signal.aborted) onAbort();

    return decided.finally(() => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      // Tell the host to take the question down: its answer would come too late.
      if (!answered) cancellation.cancel();
      cancellation.dispose();
    });
  };
}
