// Real HTTP servers on 127.0.0.1 for WebFetch's tests: a site with an article, redirects, a
// large page, a binary, a page that never finishes, JSON and a 404; and a forward proxy that
// tunnels CONNECT and records what it was asked for. (Test-only.)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { connect as netConnect } from 'node:net';
import type { Socket } from 'node:net';
import { ARTICLE_PAGE } from './article-page.js';

const tls = new URL('../../../test-support/tls/', import.meta.url);
export const TEST_CERT = readFileSync(new URL('loopback-cert.pem', tls), 'utf8');
const TEST_KEY = readFileSync(new URL('loopback-key.pem', tls), 'utf8');

export const BIG_PAGE_BYTES = 11 * 1024 * 1024;
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

export interface TestSite {
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  readonly port: number;
  /** Paths requested, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

function route(
  port: number,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  hanging: Set<http.ServerResponse>,
): void {
  const path = request.url ?? '/';
  switch (path) {
    case '/article':
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE_PAGE);
      return;
    case '/moved':
      response.writeHead(301, { location: '/article' });
      response.end();
      return;
    case '/away':
      // The same server under another name: another host, as far as a URL says.
      response.writeHead(302, { location: `http://localhost:${port}/article` });
      response.end();
      return;
    case '/big': {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const line = `${'big page text '.repeat(40)}\n`;
      let sent = 0;
      const write = () => {
        while (sent < BIG_PAGE_BYTES) {
          sent += line.length;
          if (!response.write(line)) {
            response.once('drain', write);
            return;
          }
        }
        response.end();
      };
      response.on('error', () => undefined);
      write();
      return;
    }
    case '/image.png':
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG_BYTES);
      return;
    case '/never':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body><p>The start of a page that never ends');
      hanging.add(response);
      return;
    case '/data.json':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'widget', version: '5.0.0', tags: ['fast', 'toml'] }));
      return;
    default:
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('No such page here.');
  }
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no port.');
  return address.port;
}

async function closeServer(server: http.Server | https.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** The site over http, or over https with the tests' loopback certificate. */
export async function startTestSite(secure = false): Promise<TestSite> {
  const requests: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  let port = 0;
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    requests.push(request.url ?? '/');
    route(port, request, response, hanging);
  };
  const server = secure
    ? https.createServer({ cert: TEST_CERT, key: TEST_KEY }, handler)
    : http.createServer(handler);
  port = await listen(server);
  return {
    base: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    close: async () => {
      for (const response of hanging) response.destroy();
      await closeServer(server);
    },
  };
}

export interface TestProxy {
  readonly url: string;
  /** The `host:port` of every CONNECT it was asked for. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

/** A forward proxy: every CONNECT is tunnelled to `target`'s port on 127.0.0.1, whatever it names. */
export async function startTestProxy(targetPort: number): Promise<TestProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((_request, response) => {
    response.writeHead(405);
    response.end();
  });
  server.on('connect', (request: http.IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.push(request.url ?? '');
    const upstream = netConnect(targetPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}
