// One WebFetch request: GET a URL over undici with the system's proxy, following redirects on
// the same host only, bounded in time and size, and never reaching a loopback, private,
// link-local or metadata address unless a rule names the host. The address is checked where the
// connection is made (the name's lookup at connect time, so a name that resolves to a public
// address when asked and to 127.0.0.1 when connected is still caught), and before the request
// for a literal address or a name a proxy will connect to.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import type { ConnectionOptions } from 'node:tls';
import { errorCode, errorText } from '@wave-agent/shared-protocol';
import { addressOfHost, isPrivateAddress } from './private-addresses.js';

export interface ProxySettings {
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  readonly noProxy?: string;
}

export interface WebRequestOptions {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly proxy: ProxySettings;
  /** Whether a rule names this host, which lets it be read on a private address. */
  readonly hostNamedByRule: (hostname: string) => boolean;
  /** Extra TLS options (the tests' own certificate authority). */
  readonly tls?: ConnectionOptions;
  /** Bytes of the body received so far, as they arrive. */
  readonly onBytes?: (received: number) => void;
}

export type WebResponse =
  | {
      readonly kind: 'page';
      readonly url: string;
      readonly status: number;
      readonly contentType: string | undefined;
      readonly body: Buffer;
      /** The body was longer than the cap; `body` is its start. */
      readonly cut: boolean;
    }
  | {
      readonly kind: 'redirect';
      readonly url: string;
      readonly location: string;
      readonly status: number;
    };

/** A refusal or failure, in a sentence for the model. */
export class WebRequestError extends Error {}

const MAX_SAME_HOST_REDIRECTS = 10;

/** The system's proxy settings from the environment (lower case first, as curl reads them). */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv = process.env): ProxySettings {
  const pick = (name: string): string | undefined => {
    const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
    return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
  };
  const httpProxy = pick('http_proxy');
  const httpsProxy = pick('https_proxy') ?? httpProxy;
  const noProxy = pick('no_proxy');
  return {
    ...(httpProxy !== undefined ? { httpProxy } : {}),
    ...(httpsProxy !== undefined ? { httpsProxy } : {}),
    ...(noProxy !== undefined ? { noProxy } : {}),
  };
}

/** Same host, or the same host with or without `www.` (a site moving to its canonical name). */
export function sameHost(from: URL, to: URL): boolean {
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return (
    bare(from.hostname) === bare(to.hostname) &&
    (from.port === to.port || to.protocol !== from.protocol)
  );
}

function refusal(hostname: string, address: string): WebRequestError {
  const shown = hostname === address ? address : `${hostname} (${address})`;
  return new WebRequestError(
    `Refused to fetch ${shown}: it is a loopback, private, link-local or metadata address, which a web page must not make Wave read. If the user wants Wave to read this host, they can add the rule WebFetch(domain:${hostname}) to permissions.allow.`,
  );
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the connection: the name's addresses, refused when one is private and no rule
 * names the host. Called by the socket itself, so what is checked is what is connected to.
 */
export function guardedLookup(
  allowed: (hostname: string) => boolean,
  refused: { error?: WebRequestError },
) {
  return (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses;
      const bad = list.find((entry) => isPrivateAddress(entry.address));
      if (bad !== undefined && !allowed(hostname)) {
        refused.error = refusal(hostname, bad.address);
        return callback(Object.assign(new Error(refused.error.message), { code: 'EPRIVATE' }), []);
      }
      if (options.all === true) return callback(null, list);
      const first = list[0];
      if (first === undefined)
        return callback(
          Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
          [],
        );
      return callback(null, first.address, first.family);
    });
  };
}

/** Whether the host's own address (a literal, or what its name resolves to here) is private. */
export async function resolvesPrivate(hostname: string): Promise<string | undefined> {
  const literal = addressOfHost(hostname);
  if (literal !== undefined) return isPrivateAddress(literal) ? literal : undefined;
  try {
    const addresses = await dnsLookupAsync(hostname, { all: true });
    return addresses.find((entry) => isPrivateAddress(entry.address))?.address;
  } catch {
    // Not resolvable here: the connection (or the proxy) will say so.
    return undefined;
  }
}

function describeFailure(url: URL, error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut)
    return `The request to ${url.href} did not finish within ${Math.round(timeoutMs / 1000)} s, so it was stopped. The site may be slow or down; try again later or another source.`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = errorCode(cause) ?? '';
  const message = errorText(cause);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `Could not find the host ${url.hostname} (${code}). Check the URL's spelling.`;
  if (code === 'ECONNREFUSED') return `${url.host} refused the connection. The site may be down.`;
  return `Could not fetch ${url.href}: ${message}${code !== '' && !message.includes(code) ? ` (${code})` : ''}.`;
}

/** GETs `start` (already https, or http for a host a rule names); follows same-host redirects. */
export async function webRequest(start: URL, options: WebRequestOptions): Promise<WebResponse> {
  const { Agent, EnvHttpProxyAgent, request } = await import('undici');
  const refused: { error?: WebRequestError } = {};
  const connect = {
    ...options.tls,
    lookup: guardedLookup(options.hostNamedByRule, refused),
  };
  const proxied = options.proxy.httpProxy !== undefined || options.proxy.httpsProxy !== undefined;
  const dispatcher = proxied
    ? new EnvHttpProxyAgent({
        ...options.proxy,
        connect,
        ...(options.tls ? { requestTls: options.tls } : {}),
      })
    : new Agent({ connect });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  let url = start;
  try {
    for (let hop = 0; ; hop += 1) {
      // A literal address is never looked up, and a proxy resolves the name itself: check both here.
      const privateAddress = await resolvesPrivate(url.hostname);
      if (privateAddress !== undefined && !options.hostNamedByRule(url.hostname))
        throw refusal(url.hostname, privateAddress);
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, {
          method: 'GET',
          dispatcher,
          signal,
          headers: {
            'user-agent': 'Wave-WebFetch/1 (+https://github.com/wave-agent)',
            accept: 'text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5',
          },
        });
      } catch (error) {
        if (refused.error) throw refused.error;
        throw new WebRequestError(describeFailure(url, error, timeout.aborted, options.timeoutMs));
      }
      const { statusCode, headers, body } = response;
      const header = (name: string): string | undefined => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const location = header('location');
      if (statusCode >= 300 && statusCode < 400 && location !== undefined) {
        await body.dump().catch(() => undefined);
        const next = new URL(location, url);
        if (!sameHost(url, next) || (next.protocol !== 'https:' && next.protocol !== 'http:'))
          return { kind: 'redirect', url: url.href, location: next.href, status: statusCode };
        if (hop >= MAX_SAME_HOST_REDIRECTS)
          throw new WebRequestError(
            `${start.href} redirected more than ${MAX_SAME_HOST_REDIRECTS} times; it was not read.`,
          );
        url = next;
        continue;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      let cut = false;
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          const bytes = chunk;
          const room = options.maxBytes - received;
          if (bytes.length >= room) {
            chunks.push(bytes.subarray(0, room));
            received += room;
            cut = bytes.length > room;
            options.onBytes?.(received);
            if (cut) break;
            continue;
          }
          chunks.push(bytes);
          received += bytes.length;
          options.onBytes?.(received);
        }
      } catch (error) {
        throw new WebRequestError(describeFailure(url, error, timeout.aborted, options.timeoutMs));
      } finally {
        if (cut) body.destroy();
      }
      return {
        kind: 'page',
        url: url.href,
        status: statusCode,
        contentType: header('content-type'),
        body: Buffer.concat(chunks, received),
        cut,
      };
    }
  } finally {
    void dispatcher.destroy().catch(() => undefined);
  }
}
