// The agent's queue of waiting messages, kept current through the queue feed.

import { useLayoutEffect, useState } from 'react';
import type { QueuedMessage } from '@wave-agent/shared-protocol';
import type { UiAgent } from '../agent-port.js';
import type { QueueFeed } from './queue-feed.js';

export function useQueuedMessages(
  agent: UiAgent,
  feed: QueueFeed | undefined,
): readonly QueuedMessage[] {
  const [queue, setQueue] = useState(() => agent.queuedMessages);
  useLayoutEffect(() => {
    if (!feed) return undefined;
    const unsubscribe = feed.subscribe(setQueue);
    // Anything queued between the first render and the subscription.
    setQueue(agent.queuedMessages);
    return unsubscribe;
  }, [agent, feed]);
  // Without a feed nothing tells about changes; the agent's list as of this render will do.
  return feed ? queue : agent.queuedMessages;
}
