// The endpoint check against real HTTP servers on 127.0.0.1: a server that takes the key, one that
// refuses it, one that redirects elsewhere (not followed: the key stays with its origin), a
// closed port, and a host name that does not resolve. The key never appears in a sentence.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEndpoint } from './endpoint-check.js';
import type { ResolvedProvider } from './provider-settings.js';

const KEY = 'sk-secret-doctor-key';
const servers: http.Server[] = [];

interface Seen {
  readonly url: string;
  readonly key: string | undefined;
}

async function serve(answer: (seen: Seen) => { status: number; location?: string }): Promise<{
  url: string;
  seen: Seen[];
}> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const entry = {
      url: request.url ?? '',
      key: (request.headers['x-api-key'] ?? request.headers.authorization) as string | undefined,
    };
    seen.push(entry);
    const { status, location } = answer(entry);
    response.writeHead(status, location ? { location } : {});
    response.end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

function anthropicAt(baseURL: string, apiKey = KEY): ResolvedProvider {
  return { provider: 'anthropic', model: 'claude-test', baseURL, apiKey, reason: 'test' };
}

describe('checkEndpoint', () => {
  it('asks the Anthropic model list with the key and says the endpoint answered', async () => {
    const server = await serve(() => ({ status: 200 }));
    const check = await checkEndpoint(anthropicAt(server.url));
    expect(check).toEqual({
      reachable: true,
      origin: server.url,
      found: `${server.url} answered (HTTP 200)`,
    });
    expect(server.seen).toEqual([{ url: '/v1/models', key: KEY }]);
  });

  it('asks an OpenAI-compatible server at its /v1 base with a bearer key', async () => {
    const server = await serve(() => ({ status: 404 }));
    const check = await checkEndpoint({
      provider: 'openai',
      model: 'gpt-test',
      baseURL: `${server.url}/v1/`,
      apiKey: KEY,
      reason: 'test',
    });
    expect(check?.problem).toBeUndefined();
    expect(check?.found).toBe(`${server.url} answered (HTTP 404)`);
    expect(server.seen).toEqual([{ url: '/v1/models', key: `Bearer ${KEY}` }]);
  });

  it('says a 401 means the key was refused, without the key', async () => {
    const server = await serve(() => ({ status: 401 }));
    const check = await checkEndpoint(anthropicAt(server.url));
    expect(check?.problem).toMatch(/answered HTTP 401: the API key was refused/);
    expect(JSON.stringify(check)).not.toContain(KEY);
  });

  it('does not follow a redirect to another origin with the key', async () => {
    const elsewhere = await serve(() => ({ status: 200 }));
    const server = await serve(() => ({ status: 302, location: `${elsewhere.url}/v1/models` }));
    const check = await checkEndpoint(anthropicAt(server.url));
    expect(check?.problem).toMatch(/redirect \(HTTP 302\), which Wave does not follow/);
    expect(elsewhere.seen).toEqual([]);
  });

  it('says a closed port refused the connection', async () => {
    const server = await serve(() => ({ status: 200 }));
    const closed = server.url;
    await Promise.all(servers.splice(0).map((one) => new Promise((resolve) => one.close(resolve))));
    const check = await checkEndpoint(anthropicAt(closed));
    expect(check).toEqual({
      reachable: false,
      origin: closed,
      problem: `${closed} refused the connection: nothing listens there; check the base URL's port, or start the server.`,
    });
  });

  it('says a host name that does not resolve is a DNS failure', async () => {
    const check = await checkEndpoint(anthropicAt('http://no-such-host.invalid'));
    expect(check?.reachable).toBe(false);
    expect(check?.problem).toMatch(/^http:\/\/no-such-host\.invalid could not be found \(DNS: /);
  });

  it('has nothing to ask for the demo, and says a base URL that is not a URL', async () => {
    expect(checkEndpoint({ provider: 'demo', model: 'demo', reason: 'test' })).toBeUndefined();
    const check = await checkEndpoint(anthropicAt('not a url'));
    expect(check?.problem).toMatch(/not a valid URL/);
  });
});
