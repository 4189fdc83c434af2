// The one question Wave's server asks a host (`requestWorkspaceTrust`): may the work folder's own
// files ask for more than Wave allows by default? Each host asks its user its own way (VS Code a
// modal message, the desktop app a native dialog); what they share is here: the request read and
// checked, the words that list each request (a stranger's text, so each line and the list are
// bounded), and the three answers. Anything but a "trust" leaves the folder's requests ignored.
import { parseServerRequestParams, RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';
import type {
  RequestWorkspaceTrustParams,
  RequestWorkspaceTrustResult,
} from '@wave-agent/shared-protocol';
import type { ServerRequestHandler } from './transport.js';

/** The answers a host offers, in this order, by the words on their buttons. */
export const TRUST_CHOICES = {
  remember: 'Trust and Remember',
  once: 'Trust This Time',
  refuse: 'Don’t Trust',
} as const;

export type TrustChoice = keyof typeof TRUST_CHOICES;

const MAX_LISTED = 20;
const MAX_LINE = 300;

function bounded(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** The question in words: a one-line message, and a detail listing every request. */
export function trustQuestionWords(question: RequestWorkspaceTrustParams): {
  readonly message: string;
  readonly detail: string;
} {
  const { workdir, requests } = question;
  const listed = requests
    .slice(0, MAX_LISTED)
    .map((request) =>
      bounded(
        `• ${request.setting} = ${request.value} (${request.source}): ${request.description}`,
      ),
    );
  if (requests.length > MAX_LISTED) listed.push(`…and ${requests.length - MAX_LISTED} more.`);
  return {
    message: bounded(`The folder ${workdir} asks Wave for more than it allows by default`),
    detail: `${listed.join('\n')}\n\nTrust it only if you trust whoever wrote these files. Without trust, Wave ignores these settings.`,
  };
}

export function trustAnswer(choice: TrustChoice | undefined): RequestWorkspaceTrustResult {
  if (choice === 'remember') return { trusted: true, remember: true };
  return { trusted: choice === 'once' };
}

/**
 * The server-request handler of a host that asks its user with `ask` (undefined: dismissed).
 * `host` names it in the error for a request it does not know.
 */
export function answeringTrust(
  host: string,
  ask: (question: RequestWorkspaceTrustParams) => Promise<TrustChoice | undefined>,
): ServerRequestHandler {
  return async (method, params) => {
    if (method !== 'requestWorkspaceTrust')
      throw new RpcError(RPC_ERROR_CODES.methodNotFound, `${host} does not answer "${method}".`);
    const parsed = parseServerRequestParams('requestWorkspaceTrust', params);
    if (!parsed.ok)
      throw new RpcError(
        RPC_ERROR_CODES.invalidParams,
        `The trust question could not be read: ${parsed.message}.`,
      );
    return trustAnswer(await ask(parsed.value));
  };
}
