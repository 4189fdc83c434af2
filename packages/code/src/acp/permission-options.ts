// Wave's permission question ↔ ACP's session/request_permission. The options' ids are Wave's
// own decisions, so the editor's choice is Wave's answer as it is; a cancelled request, an
// unknown option or a client error is a no, with a reason the model reads.
import type * as acp from '@agentclientprotocol/sdk';
import { PERMISSION_DECISIONS, errorText } from '@wave-agent/shared-protocol';
import type { PermissionDecision, PermissionQuestion } from '@wave-agent/shared-protocol';
import { parsedParameters, toolCallId, toolKind, toolLocations, toolTitle } from './tool-calls.js';

export const PERMISSION_OPTIONS: readonly acp.PermissionOption[] = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allowSession', name: 'Allow for this session', kind: 'allow_always' },
  { optionId: 'deny', name: 'Reject', kind: 'reject_once' },
] satisfies readonly (acp.PermissionOption & { optionId: PermissionDecision })[];

export interface PermissionAnswer {
  readonly decision: PermissionDecision;
  readonly reason?: string;
}

export const CANCELLED_BY_CLIENT =
  'the editor withdrew the question before the user answered, so the call was not run';

/** The options for one question: "always" (writing its rule) only when it offers one. */
function optionsFor(question: PermissionQuestion): acp.PermissionOption[] {
  if (question.alwaysRule === undefined) return [...PERMISSION_OPTIONS];
  const always: acp.PermissionOption = {
    optionId: 'allowAlways' satisfies PermissionDecision,
    name: `Always allow ${question.alwaysRule}`,
    kind: 'allow_always',
  };
  return [...PERMISSION_OPTIONS.slice(0, 2), always, ...PERMISSION_OPTIONS.slice(2)];
}

export function permissionRequest(
  sessionId: string,
  question: PermissionQuestion,
  messageId: string,
  workdir: string,
): acp.RequestPermissionRequest {
  const input = parsedParameters(question.input) ?? {};
  return {
    sessionId,
    toolCall: {
      toolCallId: toolCallId(messageId, question.toolCallId),
      title: toolTitle(question.toolName, question.compactParams),
      kind: toolKind(question.toolName),
      status: 'pending',
      rawInput: input,
      locations: toolLocations(question.toolName, input, workdir),
      content: [{ type: 'content', content: { type: 'text', text: question.reason } }],
    },
    options: optionsFor(question),
  };
}

export function answerOf(response: acp.RequestPermissionResponse): PermissionAnswer {
  const { outcome } = response;
  if (outcome.outcome === 'cancelled') return { decision: 'deny', reason: CANCELLED_BY_CLIENT };
  const decision = PERMISSION_DECISIONS.find((known) => known === outcome.optionId);
  if (decision === undefined)
    return {
      decision: 'deny',
      reason: `the editor answered with an option Wave did not offer (${JSON.stringify(outcome.optionId).slice(0, 80)}), so the call was not run`,
    };
  return { decision };
}

export function answerOfFailure(error: unknown): PermissionAnswer {
  const said = errorText(error);
  return {
    decision: 'deny',
    reason: `the editor could not ask the user (${said}), so the call was not run`,
  };
}
