// The workspace-trust question put to a host (over --stdio, later a WebSocket): a
// `requestWorkspaceTrust` request, which the host answers after asking its user. Trust is never
// assumed: a host that does not answer in time, answers with an error (an older host without
// the method) or with something that is not an answer, has not said yes.
import { parseServerRequestResult, errorText } from '@wave-agent/shared-protocol';
import type { Logger } from '../logger.js';
import type { AskTrust, TrustAnswer } from './workspace-trust.js';

/** Sends one server → client request and resolves with the host's raw answer. */
export type HostRequest = (method: string, params: unknown) => Promise<unknown>;

export interface HostTrustAskerOptions {
  readonly timeoutMs: number;
  readonly logger: Logger;
}

const NOT_TRUSTED: TrustAnswer = { trusted: false };

export function hostTrustAsker(request: HostRequest, options: HostTrustAskerOptions): AskTrust {
  const { timeoutMs, logger } = options;
  return async (question) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<TrustAnswer>((resolve) => {
      timer = setTimeout(() => {
        logger.warn(
          `The host did not answer whether to trust ${question.workdir} within ${timeoutMs / 1000} s; not trusted.`,
        );
        resolve(NOT_TRUSTED);
      }, timeoutMs);
    });
    const asked = request('requestWorkspaceTrust', question).then(
      (raw) => {
        const parsed = parseServerRequestResult('requestWorkspaceTrust', raw);
        if (parsed.ok) return parsed.value;
        logger.error(
          `The host's answer about trusting ${question.workdir} was not understood: ${parsed.message}`,
        );
        return NOT_TRUSTED;
      },
      (error: unknown) => {
        logger.warn(
          `The host could not answer whether to trust ${question.workdir} (${errorText(error)}); not trusted.`,
        );
        return NOT_TRUSTED;
      },
    );
    try {
      return await Promise.race([asked, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
