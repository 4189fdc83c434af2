// An MCP server that lives in the host's process (a Claude Agent SDK app's createSdkMcpServer,
// through wave-claude): Wave is its MCP client as for any server, but each JSON-RPC message goes
// through the host (`McpRelay`), which answers a request with the server's response. This is the
// MCP SDK's Transport for that, so everything else (the handshake, tools/list, calls, timeouts,
// tool names mcp__<server>__<tool>, permissions) is the path every server takes.
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
} from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { errorText } from '@wave-agent/shared-protocol';

/** How the host carries one server's messages. */
export interface McpRelay {
  /**
   * Sends one message to the server. For a request, resolves with the server's response;
   * otherwise with anything (it is not read). Rejects when the host cannot deliver it.
   */
  send(message: Readonly<Record<string, unknown>>): Promise<unknown>;
  /** Sets who receives what the server sends of its own accord (notifications, its requests). */
  listen(onMessage: (message: Readonly<Record<string, unknown>>) => void): void;
}

/** A server reached through its host (`McpRelay`): named so in /mcp and session state. */
export interface McpRelayedServer {
  readonly type: 'sdk';
  readonly relay: McpRelay;
}

/** JSON-RPC's "internal error": the host could not deliver a request. */
const INTERNAL_ERROR = -32603;

/** What the host passed back, if it is a JSON-RPC message at all (it is a stranger's value). */
function asMessage(value: unknown): JSONRPCMessage | undefined {
  return isJSONRPCRequest(value) || isJSONRPCNotification(value) || isJSONRPCResponse(value)
    ? value
    : undefined;
}

export class RelayedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private closed = false;

  constructor(private readonly relay: McpRelay) {}

  start(): Promise<void> {
    this.relay.listen((value) => {
      const message = asMessage(value);
      if (message === undefined)
        this.onerror?.(new Error('The host passed on something that is not a JSON-RPC message.'));
      else if (!this.closed) this.onmessage?.(message);
    });
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The connection is closed.'));
    const sent = this.relay.send(message);
    if (!isJSONRPCRequest(message)) {
      sent.catch((error: unknown) => this.onerror?.(new Error(errorText(error))));
      return Promise.resolve();
    }
    // The answer comes back as the request's own reply: the client matches it by id.
    sent.then(
      (answer) => {
        if (this.closed) return;
        const reply = asMessage(answer);
        if (reply !== undefined && isJSONRPCResponse(reply)) this.onmessage?.(reply);
        else
          this.onmessage?.({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: INTERNAL_ERROR, message: 'The host answered without a response.' },
          });
      },
      (error: unknown) => {
        if (this.closed) return;
        this.onmessage?.({
          jsonrpc: '2.0',
          id: message.id,
          error: {
            code: INTERNAL_ERROR,
            message: `The host could not pass the request on: ${errorText(error)}`,
          },
        });
      },
    );
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.onclose?.();
    return Promise.resolve();
  }
}
