// The conversation as the UI holds it: every AgentEvent is applied at once with the shared
// reducer, inside a state updater (DESIGN §2.2, §2.5). That is safe because the reducer is pure
// and the state immutable — no live references, no batching surprises, no throttle, no queue.

import { useLayoutEffect, useState } from 'react';
import { applyEvent } from '@wave-agent/shared-protocol';
import type { AgentEvent, ConversationState } from '@wave-agent/shared-protocol';
import type { UiAgent } from '../agent-port.js';
import type { MessageRemoval } from '../freeze/message-removal.js';
import { removedIds, withRemoval } from '../freeze/message-removal.js';

export interface ConversationView {
  readonly conversation: ConversationState;
  /**
   * Messages removed by a discard (a failed stream about to be retried), a full replace
   * (/clear, /resume) or a rewind, most recent last. The message list drops what it wrote
   * down about them, and says so when a discarded reply was already partly written.
   */
  readonly removals: readonly MessageRemoval[];
}

function removalOf(
  before: ConversationState,
  after: ConversationState,
  event: AgentEvent,
): { ids: string[]; discarded: boolean } | undefined {
  switch (event.type) {
    case 'assistantMessageDiscarded':
      return after.messages === before.messages
        ? undefined
        : { ids: [event.messageId], discarded: true };
    case 'messagesReplaced':
    case 'messagesRewound':
      return { ids: removedIds(before.messages, after.messages), discarded: false };
    default:
      return undefined;
  }
}

function withEvent(view: ConversationView, event: AgentEvent): ConversationView {
  const conversation = applyEvent(view.conversation, event);
  if (conversation === view.conversation) return view;
  const removal = removalOf(view.conversation, conversation, event);
  const removals = removal
    ? withRemoval(view.removals, removal.ids, removal.discarded)
    : view.removals;
  return { conversation, removals };
}

export function useAgentConversation(agent: UiAgent): ConversationView {
  const [view, setView] = useState<ConversationView>(() => ({
    conversation: agent.state,
    removals: [],
  }));
  // A layout effect subscribes before anything else can run after the first render.
  useLayoutEffect(() => {
    const unsubscribe = agent.subscribe((event) =>
      setView((previous) => withEvent(previous, event)),
    );
    // Whatever the agent did between the first render and now (or a new agent): its state is
    // the authoritative pull, which replaces ours (DESIGN §2.4).
    setView((previous) =>
      previous.conversation === agent.state
        ? previous
        : {
            conversation: agent.state,
            removals: withRemoval(
              previous.removals,
              removedIds(previous.conversation.messages, agent.state.messages),
              false,
            ),
          },
    );
    return unsubscribe;
  }, [agent]);
  return view;
}
