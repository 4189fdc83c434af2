// The one JSON-RPC 2.0 peer of every transport: over a channel that carries whole messages (a
// MessagePort, a WebSocket, a webview's postMessage) and over a byte stream in Content-Length
// frames (`wave --stdio` and a host's child-process link, framed by `rpc/framing/`, exported as
// `@wave-agent/shared-protocol/node`). Both sides use it:
// requests out with numbered ids and their answers matched back, requests in answered by a
// handler, notifications both ways. Browser-safe (no Node APIs). A request handler that answers
// synchronously is answered synchronously, so the answer goes out behind everything sent before
// it (ARCHITECTURE §2.4).
//
// Why not vscode-jsonrpc's createMessageConnection with a reader and writer for each channel
// (checked against vscode-jsonrpc 8.2.1):
// - A channel that goes away must fail every waiting request with the channel's own sentence
//   ("wave --stdio stopped: …", CONNECTION_CLOSED) — what hosts show. `dispose()` rejects them
//   with a fixed "Pending response rejected since connection got disposed" (-32097), and the
//   pending table is private, so a wrapper would need its own copy of it: this file again.
// - An answer to a request nobody waits for is dropped without a word (only traced), and a
//   message that is not JSON-RPC goes to its logger as a multi-line dump; here each is one
//   sentence through `onProblem` (nothing swallowed, the client reports it once).
// - A primitive or null single param is sent wrapped in an array (ParameterStructures.auto).
// - Each incoming message is dispatched on its own setImmediate turn; here it is handled as it
//   arrives, which a relay (a webview's extension host) forwards in the same turn.
// - Its browser entry (createMessageConnection with its Browser reader and writer) is 52.6 KB
//   minified, 13.1 KB gzipped (esbuild, 8.2.1); this file is about 2 KB.
// The byte stream's framing is the same as vscode-jsonrpc's, so an LSP-style host can use it.
import { isRecord } from '../values/is-record.js';
import { errorText } from '../values/error-text.js';

export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A failed request, as the other side (or the channel) reported it. */
export class RpcError extends Error {
  override readonly name: string = 'RpcError';

  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The channel went away before the answer came (the peer was closed). */
export const CONNECTION_CLOSED = -32099;

export interface JsonRpcPeerOptions {
  /** Writes one message to the other side. */
  readonly send: (message: object) => void;
  /** Answers a request from the other side; may throw an RpcError. Default: method not found. */
  readonly onRequest?: (method: string, params: unknown) => unknown;
  readonly onNotification?: (method: string, params: unknown) => void;
  /** Something arrived that is not JSON-RPC 2.0 (or answers nothing we asked); it was skipped. */
  readonly onProblem?: (problem: string) => void;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: RpcError) => void };

function errorObject(error: unknown): JsonRpcErrorObject {
  if (error instanceof RpcError)
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data };
  const reason = errorText(error);
  return { code: -32603, message: reason };
}

function rpcErrorFrom(value: unknown): RpcError {
  if (isRecord(value) && typeof value.code === 'number' && typeof value.message === 'string')
    return new RpcError(value.code, value.message, value.data);
  return new RpcError(-32603, 'The other side answered with an error that is not JSON-RPC.');
}

export class JsonRpcPeer {
  private nextId = 1;
  private readonly pending = new Map<number | string, Pending>();
  private closedBecause: string | undefined;

  constructor(private readonly options: JsonRpcPeerOptions) {}

  request(method: string, params: unknown): Promise<unknown> {
    if (this.closedBecause !== undefined)
      return Promise.reject(new RpcError(CONNECTION_CLOSED, this.closedBecause));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.options.send({ jsonrpc: '2.0', id, method, params });
      } catch (error) {
        this.pending.delete(id);
        reject(
          new RpcError(
            CONNECTION_CLOSED,
            `Could not send ${method}: ${errorObject(error).message}`,
          ),
        );
      }
    });
  }

  notify(method: string, params: unknown): void {
    if (this.closedBecause === undefined) this.options.send({ jsonrpc: '2.0', method, params });
  }

  /** One message from the other side. */
  receive(message: unknown): void {
    if (!isRecord(message) || message.jsonrpc !== '2.0') {
      this.problem('a message that is not a JSON-RPC 2.0 object');
      return;
    }
    const { id, method } = message;
    if (typeof method === 'string') {
      if (id === undefined) this.options.onNotification?.(method, message.params);
      else if (typeof id === 'number' || typeof id === 'string')
        this.answer(id, method, message.params);
      else this.problem(`a request for ${method} whose id is neither a number nor a string`);
      return;
    }
    if (typeof id !== 'number' && typeof id !== 'string') {
      this.problem('a response without an id');
      return;
    }
    const waiting = this.pending.get(id);
    if (!waiting) {
      this.problem(`an answer to request ${String(id)}, which is not waiting for one`);
      return;
    }
    this.pending.delete(id);
    if ('error' in message) waiting.reject(rpcErrorFrom(message.error));
    else waiting.resolve(message.result);
  }

  /** The channel is gone: every request still waiting fails with `reason`, later ones at once. */
  close(reason: string): void {
    this.closedBecause = reason;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(new RpcError(CONNECTION_CLOSED, reason));
  }

  private answer(id: number | string, method: string, params: unknown): void {
    const reply = (body: { result: unknown } | { error: JsonRpcErrorObject }): void => {
      if (this.closedBecause === undefined) this.options.send({ jsonrpc: '2.0', id, ...body });
    };
    const { onRequest } = this.options;
    let result: unknown;
    try {
      if (!onRequest) throw new RpcError(-32601, `This side does not answer "${method}".`);
      result = onRequest(method, params);
    } catch (error) {
      reply({ error: errorObject(error) });
      return;
    }
    if (!(result instanceof Promise)) {
      reply({ result: result ?? null });
      return;
    }
    result.then(
      (value: unknown) => reply({ result: value ?? null }),
      (error: unknown) => reply({ error: errorObject(error) }),
    );
  }

  private problem(what: string): void {
    this.options.onProblem?.(`Skipped ${what}.`);
  }
}
