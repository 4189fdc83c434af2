// The conversation as the UI holds it: every AgentEvent is applied at once with the shared
// reducer, inside a state updater (DESIGN §2.2, §2.5). That is safe because the reducer is pure
// and the state immutable — no live references, no batching surprises, no throttle, no queue.

import { useLayoutEffect, useState } from 'react';
import { applyEvent } from '@wave-agent/shared-protocol';
import type { AgentEvent, ConversationState } from '@wave-agent/shared-protocol';
import type { UiAgent } from '../agent-port.js';

export interface ConversationView {
  readonly conversation: ConversationState;
  /**
   * Ids of messages removed by `assistantMessageDiscarded` (a failed stream about to be
   * retried), most recent last. The message list tells the user when such a reply was
   * already partly written to the terminal.
   */
  readonly discardedMessageIds: ReadonlySet<string>;
}

/** Enough to recognise any discard the message list has not planned yet. */
const DISCARDS_REMEMBERED = 32;

function withEvent(view: ConversationView, event: AgentEvent): ConversationView {
  const conversation = applyEvent(view.conversation, event);
  if (event.type !== 'assistantMessageDiscarded') {
    return conversation === view.conversation ? view : { ...view, conversation };
  }
  const ids = [...view.discardedMessageIds, event.messageId].slice(-DISCARDS_REMEMBERED);
  return { conversation, discardedMessageIds: new Set(ids) };
}

export function useAgentConversation(agent: UiAgent): ConversationView {
  const [view, setView] = useState<ConversationView>(() => ({
    conversation: agent.state,
    discardedMessageIds: new Set(),
  }));
  // A layout effect subscribes before anything else can run after the first render.
  useLayoutEffect(() => {
    const unsubscribe = agent.subscribe((event) =>
      setView((previous) => withEvent(previous, event)),
    );
    // Whatever the agent did between the first render and now (or a new agent): its state is
    // the authoritative pull, which replaces ours (DESIGN §2.4).
    setView((previous) =>
      previous.conversation === agent.state ? previous : { ...previous, conversation: agent.state },
    );
    return unsubscribe;
  }, [agent]);
  return view;
}
