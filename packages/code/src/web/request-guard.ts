// Who may talk to `wave web`: requests for this server's own address (a page of another site
// that rebinds a name to 127.0.0.1 is not), carrying the access token; the WebSocket also only
// from a page of this server's own origin. A refusal says, in a sentence, what to do instead.
import type { IncomingMessage } from 'node:http';
import { isAccessToken } from './access-token.js';

export interface ServedAddress {
  /** The host as the printed address has it (e.g. 127.0.0.1, or [::1]). */
  readonly host: string;
  readonly port: number;
}

export type Verdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: number; readonly sentence: string };

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The host:port values a browser may send for this server. */
function allowedHosts(address: ServedAddress): Set<string> {
  const names = LOOPBACK_NAMES.includes(address.host) ? LOOPBACK_NAMES : [address.host];
  return new Set(names.map((name) => `${name}:${address.port}`.toLowerCase()));
}

export function requestUrl(request: IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://wave.invalid');
}

export function checkHost(request: IncomingMessage, address: ServedAddress): Verdict {
  const host = request.headers.host?.toLowerCase();
  if (host && allowedHosts(address).has(host)) return { ok: true };
  return {
    ok: false,
    status: 421,
    sentence: `This server answers only for ${address.host}:${address.port}. Open the address wave web printed.`,
  };
}

export function checkToken(request: IncomingMessage, token: string): Verdict {
  if (isAccessToken(requestUrl(request).searchParams.get('token'), token)) return { ok: true };
  return {
    ok: false,
    status: 403,
    sentence:
      'This needs the access token: open the whole address wave web printed (it ends in ?token=…).',
  };
}

export function checkOrigin(request: IncomingMessage, address: ServedAddress): Verdict {
  const origin = request.headers.origin?.toLowerCase();
  const allowed = [...allowedHosts(address)].map((host) => `http://${host}`);
  if (origin && allowed.includes(origin)) return { ok: true };
  return {
    ok: false,
    status: 403,
    sentence: `Only a page served by this wave web (${allowed[0]}) may connect; this request came from ${origin ?? 'no page'}.`,
  };
}

/** The first refusal of `verdicts`, or ok. */
export function firstRefusal(...verdicts: readonly Verdict[]): Verdict {
  return verdicts.find((verdict) => !verdict.ok) ?? { ok: true };
}
