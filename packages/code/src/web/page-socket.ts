// One page's WebSocket: JSON-RPC messages as text frames, served by the protocol server
// (agent-sdk's serveMessages: events in PAGE_WINDOW_MS batches, server requests such as the trust
// question sent to this page). Text that is not JSON gets the JSON-RPC parse error; the page
// leaving detaches it from its session, which goes on for the other pages.
import { serveMessages } from '@wave-agent/agent-sdk';
import type { Logger, WaveServer } from '@wave-agent/agent-sdk';
import type { RawData, WebSocket } from 'ws';
import { errorText } from '@wave-agent/shared-protocol';

/** A message bigger than this is refused (a prompt, even a long one, is far smaller). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const PARSE_ERROR = -32700;

/**
 * The merge window of a page's events (ms). The chat UI shows a streaming reply at most every
 * 30 ms (webview-ui's frame store), so batches of 16 ms would be read in pairs: in windows about
 * as long as its pace, the socket carries half the messages, and the page and this process do
 * the work of a message half as often, with the words as soon on screen.
 */
export const PAGE_WINDOW_MS = 32;

/** A text frame's payload (ws hands it over as one Buffer, or as fragments). */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export function servePageSocket(
  socket: WebSocket,
  server: Pick<WaveServer, 'connect'>,
  logger: Logger,
): void {
  const send = (message: object): void => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message), (error) => {
      if (error) logger.warn(`A page's socket could not take a message: ${error.message}`);
    });
  };
  const endpoint = serveMessages(
    server,
    send,
    (problem) => logger.warn(`From a page: ${problem}`),
    PAGE_WINDOW_MS,
  );
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      logger.warn('Skipped a binary frame from a page: wave web reads JSON text only.');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(textOf(data));
    } catch (error) {
      send({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: PARSE_ERROR,
          message: `The message is not JSON (${errorText(error)}).`,
        },
      });
      return;
    }
    endpoint.receive(message);
  });
  socket.on('close', () => endpoint.close());
  socket.on('error', (error) => logger.warn(`A page's socket failed: ${error.message}`));
}
