// Wave's one question to its host: may the work folder's own settings ask for more than the
// defaults (a higher permission mode, tools that run unasked, another endpoint for the key)?
// Asked in a modal dialog that lists every request; anything but "Trust" leaves them ignored.
import { window } from 'vscode';
import { parseServerRequestParams, RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';
import type { RequestWorkspaceTrustResult } from '@wave-agent/shared-protocol';

export const TRUST = 'Trust and Remember';
export const TRUST_ONCE = 'Trust This Time';

export async function answerServerRequest(
  method: string,
  params: unknown,
): Promise<RequestWorkspaceTrustResult> {
  if (method !== 'requestWorkspaceTrust')
    throw new RpcError(RPC_ERROR_CODES.methodNotFound, `VS Code does not answer "${method}".`);
  const parsed = parseServerRequestParams('requestWorkspaceTrust', params);
  if (!parsed.ok)
    throw new RpcError(
      RPC_ERROR_CODES.invalidParams,
      `The trust question could not be read: ${parsed.message}.`,
    );
  const { workdir, requests } = parsed.value;
  const listed = requests
    .map(
      (request) =>
        `• ${request.setting} = ${request.value} (${request.source}): ${request.description}`,
    )
    .join('\n');
  const answer = await window.showWarningMessage(
    `The folder ${workdir} asks Wave for more than it allows by default`,
    {
      modal: true,
      detail: `${listed}\n\nTrust it only if you trust whoever wrote these files. Without trust, Wave ignores these settings.`,
    },
    TRUST,
    TRUST_ONCE,
  );
  if (answer === TRUST) return { trusted: true, remember: true };
  return { trusted: answer === TRUST_ONCE };
}
