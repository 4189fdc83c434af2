// The `wave web` server: the chat UI's page and assets over HTTP, and a WebSocket per page to
// the protocol server, all on one address (127.0.0.1 unless the user names another host).
// The page and the socket need the access token; the socket also this server's own origin.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '@wave-agent/agent-sdk';
import { WebSocketServer } from 'ws';
import type { ConnectableServer } from './shared-session.js';
import { MAX_MESSAGE_BYTES, servePageSocket } from './page-socket.js';
import { checkHost, checkOrigin, checkToken, firstRefusal, requestUrl } from './request-guard.js';
import type { ServedAddress, Verdict } from './request-guard.js';
import { contentSecurityPolicy } from './ui-assets.js';
import type { UiAssets } from './ui-assets.js';

export const SOCKET_PATH = '/ws';

export interface WebServerOptions {
  readonly host: string;
  readonly port: number;
  readonly token: string;
  readonly workdir: string;
  readonly assets: UiAssets;
  readonly server: ConnectableServer;
  readonly logger: Logger;
}

export interface RunningWebServer {
  /** The address to open: the real host and port, with the token. */
  readonly url: string;
  readonly address: ServedAddress;
  /** Stops listening and closes every page's socket. */
  close(): Promise<void>;
}

/** Headers every answer carries: the token is in the address, so it must never leave in a Referer. */
const COMMON_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
} as const;

function refuse(response: ServerResponse, verdict: Verdict & { ok: false }): void {
  response.writeHead(verdict.status, {
    ...COMMON_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
  });
  response.end(`${verdict.sentence}\n`);
}

function refuseUpgrade(socket: Duplex, verdict: Verdict & { ok: false }): void {
  const body = `${verdict.sentence}\n`;
  socket.end(
    `HTTP/1.1 ${verdict.status} Refused\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function listen(
  server: ReturnType<typeof createServer>,
  host: string,
  port: number,
): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string')
        reject(new Error('wave web is not listening on a TCP port.'));
      else resolve(address);
    });
  });
}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const { assets, logger, token } = options;
  let served: ServedAddress = { host: urlHost(options.host), port: options.port };
  const origin = (): string => `http://${served.host}:${served.port}`;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const host = checkHost(request, served);
    if (!host.ok) return refuse(response, host);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, {
        ...COMMON_HEADERS,
        Allow: 'GET, HEAD',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      response.end('wave web serves pages only (GET); the agent is reached over its WebSocket.\n');
      return;
    }
    const { pathname } = requestUrl(request);
    if (pathname === '/' || pathname === '/index.html') {
      const allowed = checkToken(request, token);
      if (!allowed.ok) return refuse(response, allowed);
      response.writeHead(200, {
        ...COMMON_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': contentSecurityPolicy(origin()),
        'X-Frame-Options': 'DENY',
      });
      response.end(
        request.method === 'HEAD' ? undefined : assets.page({ workdir: options.workdir }),
      );
      return;
    }
    if (pathname.startsWith('/assets/')) {
      const file = await assets.asset(decodeURIComponent(pathname.slice('/assets/'.length)));
      if (file) {
        response.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': file.type });
        response.end(request.method === 'HEAD' ? undefined : file.body);
        return;
      }
    }
    response.writeHead(404, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found. Open the address wave web printed.\n');
  };

  const http = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      logger.error('wave web could not answer a request.', error);
      if (!response.headersSent) response.writeHead(500, COMMON_HEADERS);
      response.end();
    });
  });
  http.on('upgrade', (request, socket, head) => {
    const verdict =
      requestUrl(request).pathname === SOCKET_PATH
        ? firstRefusal(
            checkHost(request, served),
            checkOrigin(request, served),
            checkToken(request, token),
          )
        : ({ ok: false, status: 404, sentence: 'Not found.' } as const);
    if (!verdict.ok) {
      logger.warn(`Refused a WebSocket: ${verdict.sentence}`);
      refuseUpgrade(socket, verdict);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (page) =>
      servePageSocket(page, options.server, logger),
    );
  });

  const address = await listen(http, options.host, options.port);
  served = { host: urlHost(options.host), port: address.port };
  return {
    url: `${origin()}/?token=${token}`,
    address: served,
    async close() {
      for (const page of sockets.clients) page.close(1001, 'wave web stopped');
      sockets.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
