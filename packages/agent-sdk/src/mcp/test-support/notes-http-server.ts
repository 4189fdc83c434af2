// The notes server over streamable HTTP on 127.0.0.1 and an ephemeral port, in the test's own
// process: the SDK's web-standard handler behind a few lines that turn Node's request into a
// fetch Request and back (the SDK's Node adapter is a separate package Wave does not need).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  createMcpHandler,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { notesServer } from './notes-server.js';

export interface HttpMcpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:PORT/mcp */
  readonly url: string;
  /** Requests it received, with their method and headers. */
  readonly requests: { readonly method?: string; readonly headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

function toRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value) for (const each of value) headers.append(name, each);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream, duplex: 'half' } : {}),
  });
}

async function send(response: Response, reply: ServerResponse): Promise<void> {
  reply.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    reply.end();
    return;
  }
  for await (const chunk of response.body) reply.write(chunk);
  reply.end();
}

/** Something that answers a fetch Request, and is closed with the server. */
interface FetchHandler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A server with sessions, as the 2025 streamable HTTP spec has them (and most deployed servers
 * do): `initialize` opens one (the `Mcp-Session-Id` header), a DELETE with it ends it.
 */
function sessionfulHandler(): FetchHandler {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return {
    async fetch(request) {
      const id = request.headers.get('mcp-session-id');
      if (id !== null) {
        const known = sessions.get(id);
        return known
          ? known.handleRequest(request)
          : new Response('unknown session', { status: 404 });
      }
      const transport: WebStandardStreamableHTTPServerTransport =
        new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (session) => {
            sessions.set(session, transport);
          },
          onsessionclosed: (session) => {
            sessions.delete(session);
          },
        });
      await notesServer().connect(transport);
      return transport.handleRequest(request);
    },
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
    },
  };
}

export async function startHttpNotesServer(
  options: { readonly sessions?: boolean } = {},
): Promise<HttpMcpServer> {
  const handler: FetchHandler = options.sessions
    ? sessionfulHandler()
    : createMcpHandler(() => notesServer());
  const requests: { method?: string; headers: IncomingMessage['headers'] }[] = [];
  let origin = '';
  const server = createServer((request, reply) => {
    requests.push({
      ...(request.method ? { method: request.method } : {}),
      headers: request.headers,
    });
    handler
      .fetch(toRequest(request, origin))
      .then((response) => send(response, reply))
      .catch((error: unknown) => {
        if (!reply.headersSent) reply.writeHead(500);
        reply.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: `${origin}/mcp`,
    requests,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
