// The SDK tells about queue changes only through the `onQueuedMessagesChange` option given at
// `Agent.create`, before the UI exists. This feed is what that option is wired to, so the UI
// can subscribe once it mounts.

import type { QueuedMessage } from '@wave-agent/shared-protocol';

export type QueueListener = (queue: readonly QueuedMessage[]) => void;

export interface QueueFeed {
  /** Pass this as the Agent's `onQueuedMessagesChange`. */
  readonly publish: QueueListener;
  /** Returns the unsubscribe function. */
  subscribe(listener: QueueListener): () => void;
}

export function createQueueFeed(): QueueFeed {
  const listeners = new Set<QueueListener>();
  return {
    publish: (queue) => {
      for (const listener of listeners) listener(queue);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
