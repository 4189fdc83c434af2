// The pages of one `wave web` share one session: the first page's `initialize` opens it in the
// folder wave web serves (the server asks that page about trust), every later one — another tab,
// a reload — joins it, and after a /clear or a resume they join the session it became. A page
// may not open sessions elsewhere, nor choose the provider, endpoint or key: those are the
// user's words at the command line (flags, environment, settings), not a page's.
import { ProtocolError } from '@wave-agent/agent-sdk';
import type { ServerConnection, ServerPeer, WaveServer } from '@wave-agent/agent-sdk';
import { isRecord, RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { SessionEventBatch } from '@wave-agent/shared-protocol';

/** What serveMessages needs of a server. */
export interface ConnectableServer {
  connect(peer: ServerPeer): ServerConnection;
}

const PAGE_MAY_NOT_CHOOSE = [
  'provider',
  'model',
  'baseURL',
  'apiKey',
  'permissionMode',
  'sessionId',
] as const;

function refuse(sentence: string): ProtocolError {
  return new ProtocolError(RPC_ERROR_CODES.invalidParams, sentence);
}

/** The id the shared session has after this batch (a clear or restore gives it a new one). */
function renamedBy(batch: SessionEventBatch): string | undefined {
  for (const event of batch.events)
    if (event.type === 'sessionReplaced' && event.state.sessionId !== batch.sessionId)
      return event.state.sessionId;
  return undefined;
}

export function sharedSessionServer(server: WaveServer, workdir: string): ConnectableServer {
  let sharedId: string | undefined;
  let opening: Promise<unknown> | undefined;

  const follow = (batch: SessionEventBatch): void => {
    if (batch.sessionId !== sharedId) return;
    sharedId = renamedBy(batch) ?? sharedId;
  };

  const checkPageParams = (params: unknown): void => {
    if (!isRecord(params)) throw refuse('initialize needs params: { "workdir": "…" }.');
    if (params.workdir !== workdir)
      throw refuse(
        `This wave web serves ${workdir}; a page may only open that folder. Start wave web in the other folder to work there.`,
      );
    const chosen = PAGE_MAY_NOT_CHOOSE.filter((name) => params[name] !== undefined);
    if (chosen.length > 0)
      throw refuse(
        `A page may not choose ${chosen.join(', ')}: start wave web with the flags or settings you want (the page switches model and mode inside the session).`,
      );
  };

  return {
    connect(peer) {
      const connection = server.connect({
        windowMs: peer.windowMs,
        send(batch) {
          follow(batch);
          peer.send(batch);
        },
        ...(peer.request ? { request: peer.request.bind(peer) } : {}),
      });
      const join = async (): Promise<unknown> => {
        // Another page is opening it (and may be answering the trust question): wait for it.
        while (opening) await opening.catch(() => undefined);
        if (sharedId !== undefined)
          return connection.request('initialize', { workdir, sessionId: sharedId });
        const opened = Promise.resolve(connection.request('initialize', { workdir }));
        opening = opened;
        try {
          const result = await opened;
          if (isRecord(result) && typeof result.sessionId === 'string') sharedId = result.sessionId;
          return result;
        } finally {
          opening = undefined;
        }
      };
      return {
        request(method, params) {
          if (method !== 'initialize') return connection.request(method, params);
          checkPageParams(params);
          return join();
        },
        close: () => connection.close(),
      };
    },
  };
}
