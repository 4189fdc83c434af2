// Workspace trust over ACP. ACP has no method for it, so the question is a permission request
// about a tool call of its own that lists exactly what the folder's files ask for. It is asked
// at the session's first prompt: only then does every editor know the session (session/new has
// been answered) and show the question in its thread. Anything but a yes — a no, a cancelled
// request, an error — leaves the folder's requests ignored.
import type * as acp from '@agentclientprotocol/sdk';
import type {
  RequestWorkspaceTrustParams,
  RequestWorkspaceTrustResult,
} from '@wave-agent/shared-protocol';

const TRUST_OPTIONS: readonly acp.PermissionOption[] = [
  { optionId: 'trust', name: 'Trust for this session', kind: 'allow_once' },
  { optionId: 'trustAndRemember', name: 'Trust and remember this folder', kind: 'allow_always' },
  { optionId: 'ignore', name: "Ignore the folder's settings", kind: 'reject_once' },
];

export const TRUST_TOOL_NAME = 'WorkspaceTrust';

function requestLines(question: RequestWorkspaceTrustParams): string {
  const lines = question.requests.map(
    (request) =>
      `- ${request.setting} = ${request.value} (${request.source}): ${request.description}`,
  );
  return [
    `The files of ${question.workdir} ask for more than Wave allows a folder by default:`,
    ...lines,
    'Anyone who can write to this folder (a cloned repository, say) wrote these. Trust them only if you would choose them yourself.',
  ].join('\n');
}

function fields(question: RequestWorkspaceTrustParams) {
  return {
    title: `Trust the settings of ${question.workdir}?`,
    kind: 'other',
    content: [{ type: 'content', content: { type: 'text', text: requestLines(question) } }],
  } satisfies Partial<acp.ToolCall>;
}

/** Announced in the thread first, so the editor knows the call it is asked about. */
export function trustToolCall(toolCallId: string, question: RequestWorkspaceTrustParams) {
  return {
    sessionUpdate: 'tool_call',
    toolCallId,
    name: TRUST_TOOL_NAME,
    status: 'pending',
    ...fields(question),
  } satisfies acp.SessionUpdate;
}

export function trustRequest(
  sessionId: string,
  toolCallId: string,
  question: RequestWorkspaceTrustParams,
): acp.RequestPermissionRequest {
  return {
    sessionId,
    toolCall: { toolCallId, status: 'pending', ...fields(question) },
    options: [...TRUST_OPTIONS],
  };
}

export const NOT_TRUSTED: RequestWorkspaceTrustResult = { trusted: false };

export function trustAnswerOf(
  response: acp.RequestPermissionResponse,
): RequestWorkspaceTrustResult {
  const { outcome } = response;
  if (outcome.outcome !== 'selected') return NOT_TRUSTED;
  if (outcome.optionId === 'trust') return { trusted: true };
  if (outcome.optionId === 'trustAndRemember') return { trusted: true, remember: true };
  return NOT_TRUSTED;
}

/** How the question ended, in the thread. */
export function trustSettled(
  toolCallId: string,
  answer: RequestWorkspaceTrustResult,
  trustedFolders: string,
): acp.SessionUpdate {
  const text = !answer.trusted
    ? "Not trusted: the folder's settings are ignored for this session; Wave asks again in the next one."
    : answer.remember
      ? `Trusted, and remembered in ${trustedFolders}.`
      : 'Trusted for this session.';
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId,
    status: answer.trusted ? 'completed' : 'failed',
    content: [{ type: 'content', content: { type: 'text', text } }],
  };
}
