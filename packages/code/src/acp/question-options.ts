// The model's questions and plans ↔ ACP. ACP has no form and no free text in a question, so the
// closest it offers is session/request_permission: one request per question, its choices as the
// options (one pick each: a question that takes several choices takes one there), and a
// "Don't answer" option; a plan is one request whose content is the plan (Markdown text) and
// whose options are Claude Code's three plan choices (keep planning without a typed note).
import type * as acp from '@agentclientprotocol/sdk';
import { PLAN_CHOICES, PLAN_QUESTION_TITLE } from '@wave-agent/shared-protocol';
import type {
  ChoiceQuestion,
  PlanDecision,
  UserAnswer,
  UserQuestion,
} from '@wave-agent/shared-protocol';
import { toolCallId } from './tool-calls.js';

const DECLINE = 'decline';

const PLAN_OPTION_KINDS: Readonly<Record<PlanDecision, acp.PermissionOptionKind>> = {
  approveAcceptEdits: 'allow_always',
  approveDefault: 'allow_once',
  keepPlanning: 'reject_once',
};

interface Call {
  readonly sessionId: string;
  readonly messageId: string;
  readonly toolCallId: string;
}

function request(
  call: Call,
  title: string,
  text: string,
  options: acp.PermissionOption[],
): acp.RequestPermissionRequest {
  return {
    sessionId: call.sessionId,
    toolCall: {
      toolCallId: toolCallId(call.messageId, call.toolCallId),
      title,
      kind: 'think',
      status: 'pending',
      content: [{ type: 'content', content: { type: 'text', text } }],
    },
    options,
  };
}

/**
 * One question of AskUserQuestion (or one field of an MCP server's form, `elicitation` naming the
 * server and its message) as a request: its choices, then "Don't answer". A form's free text
 * cannot be typed here, so a field without choices can only be left unanswered.
 */
export function choiceRequest(
  call: Call,
  question: ChoiceQuestion,
  elicitation?: UserQuestion['elicitation'],
): acp.RequestPermissionRequest {
  const described = question.options
    .filter((option) => option.description !== '')
    .map((option) => `- ${option.label}: ${option.description}`);
  const several = question.multiSelect ? ['(Pick the one that matters most.)'] : [];
  const asks =
    elicitation === undefined
      ? []
      : [`The MCP server "${elicitation.server}" asks: ${elicitation.message}`, ''];
  return request(
    call,
    // A form's field question starts with its title already (its header is that title, cut short).
    elicitation === undefined ? `${question.header}: ${question.question}` : question.question,
    [...asks, question.question, ...described, ...several].join('\n'),
    [
      ...question.options.map((option, index): acp.PermissionOption => ({
        optionId: `option-${index}`,
        name: option.label,
        kind: 'allow_once',
      })),
      { optionId: DECLINE, name: "Don't answer", kind: 'reject_once' },
    ],
  );
}

/** The picked choice's label, or undefined when the user did not answer. */
export function choiceOf(
  question: ChoiceQuestion,
  response: acp.RequestPermissionResponse,
): string | undefined {
  const { outcome } = response;
  if (outcome.outcome === 'cancelled') return undefined;
  const index = /^option-(\d)$/.exec(outcome.optionId)?.[1];
  return index === undefined ? undefined : question.options[Number(index)]?.label;
}

export function planRequest(call: Call, plan: string): acp.RequestPermissionRequest {
  return request(
    call,
    PLAN_QUESTION_TITLE,
    plan,
    PLAN_CHOICES.map((choice) => ({
      optionId: choice.decision,
      name: choice.label,
      kind: PLAN_OPTION_KINDS[choice.decision],
    })),
  );
}

export function planAnswerOf(response: acp.RequestPermissionResponse): UserAnswer {
  const { outcome } = response;
  const choice =
    outcome.outcome === 'selected'
      ? PLAN_CHOICES.find((known) => known.decision === outcome.optionId)
      : undefined;
  return choice === undefined ? { kind: 'declined' } : { kind: 'plan', decision: choice.decision };
}
