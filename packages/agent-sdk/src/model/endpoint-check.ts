// /doctor's question "does the model's endpoint answer?": one bounded GET of the provider's model
// list at the session model's own base URL, with the key the model calls send (so a refused key
// shows as 401/403). Redirects are not followed, so the key never goes to another origin, and the
// sentence names the origin only (never a path, a query or a header).
import http from 'node:http';
import https from 'node:https';
import type { EndpointCheck } from '@wave-agent/shared-protocol';
import { errorCode, errorText } from '@wave-agent/shared-protocol';
import type { ResolvedProvider } from './provider-settings.js';

/** How long the check waits for an answer. */
export const ENDPOINT_CHECK_TIMEOUT_MS = 5_000;

const DEFAULT_BASE: Readonly<Record<'anthropic' | 'openai' | 'google', string>> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
};

interface Probe {
  readonly url: URL;
  readonly headers: Record<string, string>;
}

/** The model-list URL and the headers a model call of this provider would carry. */
function probeFor(resolved: ResolvedProvider): Probe | undefined {
  // Vertex and Bedrock sign each request with the cloud's credentials: no plain GET to make.
  const signed = resolved.provider === 'vertex' || resolved.provider === 'bedrock';
  if (resolved.provider === 'demo' || signed) return undefined;
  const base = (resolved.baseURL ?? DEFAULT_BASE[resolved.provider]).replace(/\/+$/, '');
  const headers: Record<string, string> = { ...resolved.headers };
  const key = resolved.apiKey;
  if (resolved.provider === 'anthropic') {
    headers['anthropic-version'] = '2023-06-01';
    if (key) headers['x-api-key'] = key;
    return { url: new URL(`${base}/v1/models`), headers };
  }
  if (resolved.provider === 'google') {
    if (key) headers['x-goog-api-key'] = key;
    return { url: new URL(`${base}/models`), headers };
  }
  if (key) headers.authorization = `Bearer ${key}`;
  return { url: new URL(`${base}/models`), headers };
}

/** The sentence for a request that got no answer, by the error's code. */
function failureSentence(origin: string, error: unknown): string {
  const code = errorCode(error) ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `${origin} could not be found (DNS: ${code}): check the base URL's host name and your network.`;
  if (code === 'ECONNREFUSED')
    return `${origin} refused the connection: nothing listens there; check the base URL's port, or start the server.`;
  if (code === 'ETIMEDOUT' || code === 'timeout')
    return `${origin} did not answer within ${ENDPOINT_CHECK_TIMEOUT_MS / 1000} s: check the base URL, your network or proxy.`;
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code))
    return `${origin} failed the TLS check (${code}): its certificate is not trusted here; fix the certificate or set NODE_EXTRA_CA_CERTS to your CA file.`;
  return `${origin} could not be reached (${code || errorText(error)}): check the base URL and your network.`;
}

function verdict(origin: string, status: number): EndpointCheck {
  if (status === 401 || status === 403)
    return {
      reachable: true,
      origin,
      problem: `${origin} answered HTTP ${status}: the API key was refused; check the key (WAVE_API_KEY or the provider's variable, or the model's apiKeyEnv).`,
    };
  if (status >= 300 && status < 400)
    return {
      reachable: true,
      origin,
      problem: `${origin} answered with a redirect (HTTP ${status}), which Wave does not follow with your key: set the base URL to where it points.`,
    };
  if (status >= 500)
    return {
      reachable: true,
      origin,
      problem: `${origin} answered HTTP ${status}: the server has a problem; try again later.`,
    };
  // 2xx, or 404/405 from a server that does not list its models: it is there and took the key.
  return { reachable: true, origin, found: `${origin} answered (HTTP ${status})` };
}

/** Asks the endpoint once; undefined for a provider that has no endpoint to ask (demo, Vertex). */
export function checkEndpoint(resolved: ResolvedProvider): Promise<EndpointCheck> | undefined {
  let probe: Probe | undefined;
  try {
    probe = probeFor(resolved);
  } catch {
    return Promise.resolve({
      reachable: false,
      origin: '',
      problem: 'The base URL is not a valid URL: fix WAVE_BASE_URL or the model\'s "baseURL".',
    });
  }
  if (probe === undefined) return undefined;
  const { url, headers } = probe;
  const origin = url.origin;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, { method: 'GET', headers }, (response) => {
      response.resume();
      resolve(verdict(origin, response.statusCode ?? 0));
    });
    request.setTimeout(ENDPOINT_CHECK_TIMEOUT_MS, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    request.on('error', (error) =>
      resolve({ reachable: false, origin, problem: failureSentence(origin, error) }),
    );
    request.end();
  });
}
