// A key that changes while Wave runs (settings' `apiKeyHelper`: a vault's short-lived token).
// Claude Code asks its helper again when the cached key is older than its time to live and when
// the API answers 401; the provider is built once, so its fetch puts the key in force on each
// request, and on a 401 asks for a new key and sends the request once more. The key is only
// ever written into the request's own auth header, never logged.
import { headerRecord, httpFetch } from './http-fetch.js';

export interface ApiKeySource {
  /** The key for the next request: the cached one while it is fresh, else a new one. */
  current(): Promise<string>;
  /** The server refused `refused`: a new key (the one already renewed if someone else asked). */
  renew(refused: string): Promise<string>;
}

/** The auth headers the providers send a key in (Anthropic, Gemini; OpenAI's as a bearer). */
const KEY_HEADERS = ['x-api-key', 'x-goog-api-key'] as const;

function withKey(init: RequestInit | undefined, key: string): RequestInit {
  const headers = headerRecord(init?.headers);
  for (const name of KEY_HEADERS) if (name in headers) headers[name] = key;
  if (headers['authorization']?.startsWith('Bearer ')) headers['authorization'] = `Bearer ${key}`;
  return { ...init, headers };
}

/** A fetch that sends the source's key, and asks it for a new one once after a 401. */
export function keyedFetch(source: ApiKeySource, base: typeof fetch = httpFetch): typeof fetch {
  return async (input, init) => {
    const key = await source.current();
    const response = await base(input, withKey(init, key));
    if (response.status !== 401) return response;
    // The refused answer's body is not wanted; cancelling only releases the socket.
    await response.body?.cancel().catch(() => undefined);
    return base(input, withKey(init, await source.renew(key)));
  };
}
