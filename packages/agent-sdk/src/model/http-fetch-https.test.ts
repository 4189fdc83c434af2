// httpFetch over HTTPS, as the hosted providers are reached: a request to a server it trusts is
// answered, and a certificate the client does not trust fails as fetch fails. The server is a real HTTPS server on 127.0.0.1 with the tests' own certificate
// (test-support/tls), trusted by the client only where a case says so.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorSeen } from '../test-support/fetch-error-seen.js';
import { httpFetch } from './http-fetch.js';

const tls = new URL('../test-support/tls/', import.meta.url);
const cert = readFileSync(new URL('loopback-cert.pem', tls), 'utf8');
const key = readFileSync(new URL('loopback-key.pem', tls), 'utf8');

let server: Server;
let base: string;

beforeAll(async () => {
  server = https.createServer({ cert, key }, (request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (text: string) => (body += text));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ method: request.method, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('refuses a certificate it does not trust, with the error fetch gives', async () => {
  const outcomes = await Promise.all(
    [fetch, httpFetch].map((fetchImpl) => fetchImpl(`${base}/`).then(() => 'answered', errorSeen)),
  );
  expect(outcomes[1]).toEqual({
    type: 'TypeError',
    name: 'TypeError',
    message: 'fetch failed',
    cause: 'DEPTH_ZERO_SELF_SIGNED_CERT',
  });
  expect(outcomes[1]).toEqual(outcomes[0]);
});

it('posts over HTTPS to a server whose certificate it trusts', async () => {
  // node:https is one instance in the process: httpFetch's requests go through this agent.
  const agent = https.globalAgent;
  const before = agent.options.ca;
  agent.options.ca = cert;
  try {
    const response = await httpFetch(`${base}/echo`, { method: 'POST', body: 'hello' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', body: 'hello' });
  } finally {
    agent.options.ca = before;
  }
});
