// Sends server → client notifications. Notifications are written in the order they are sent,
// on the same stream as responses, so the host sees events and pull results in emission order
// (DESIGN §2.4). Once the host has gone, there is no one to tell: sends become no-ops.
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import type {
  AgentEvent,
  RpcNotificationName,
  RpcNotificationParams,
} from '@wave-agent/shared-protocol';
import { toEventNotification } from '@wave-agent/shared-protocol';
import type { Logger } from '@wave-agent/agent-sdk';

export interface NotificationSender {
  send<N extends RpcNotificationName>(method: N, params: RpcNotificationParams<N>): void;
  /** The event as its notification, with the session it belongs to (pure deltas, as emitted). */
  sendEvent(sessionId: string, event: AgentEvent): void;
  /** The host disconnected: stop writing. */
  close(): void;
}

export function notificationSender(
  connection: MessageConnection,
  logger: Logger,
): NotificationSender {
  let closed = false;
  const write = (method: string, params: object): void => {
    if (closed) return;
    const failed = (error: unknown): void =>
      logger.error(`Could not send the ${method} notification to the host.`, error);
    try {
      connection.sendNotification(method, params).catch(failed);
    } catch (error) {
      // The connection closed under us (the host left between two events).
      failed(error);
    }
  };
  return {
    send: write,
    sendEvent(sessionId, event) {
      const { method, params } = toEventNotification(sessionId, event);
      write(method, params);
    },
    close() {
      closed = true;
    },
  };
}
