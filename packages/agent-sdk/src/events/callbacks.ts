// Callbacks are named `on` + the event name and receive exactly that event's payload.
import type { AgentEvent, AgentEventPayload, AgentEventType } from '@wave-agent/shared-protocol';

export type CallbackName<T extends AgentEventType> = `on${Capitalize<T>}`;

export type AgentCallbacks = {
  readonly [T in AgentEventType as CallbackName<T>]?: (payload: AgentEventPayload<T>) => void;
};

export type AgentEventListener = (event: AgentEvent) => void;

/** The callback for each event type, spelled out so the names are checked by the compiler. */
export const CALLBACK_NAMES = {
  userMessageAdded: 'onUserMessageAdded',
  assistantMessageAdded: 'onAssistantMessageAdded',
  assistantContentUpdated: 'onAssistantContentUpdated',
  assistantReasoningUpdated: 'onAssistantReasoningUpdated',
  toolBlockUpdated: 'onToolBlockUpdated',
  bangBlockUpdated: 'onBangBlockUpdated',
  errorBlockAdded: 'onErrorBlockAdded',
  noticeAdded: 'onNoticeAdded',
  compactBlockAdded: 'onCompactBlockAdded',
  assistantMessageFinished: 'onAssistantMessageFinished',
  assistantMessageDiscarded: 'onAssistantMessageDiscarded',
  messagesReplaced: 'onMessagesReplaced',
  messagesRewound: 'onMessagesRewound',
} as const satisfies { readonly [T in AgentEventType]: CallbackName<T> };

/** Calls the callback for this event, if the consumer registered one. */
export function invokeCallback(callbacks: AgentCallbacks, event: AgentEvent): void {
  // The union of callbacks cannot be correlated with the union of events by the compiler;
  // CALLBACK_NAMES guarantees each name belongs to its event type.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  const callback = callbacks[CALLBACK_NAMES[event.type]] as
    ((payload: unknown) => void) | undefined;
  if (!callback) return;
  const { type: _type, ...payload } = event;
  callback(payload);
}
