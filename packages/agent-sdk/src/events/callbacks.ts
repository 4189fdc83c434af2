// Callbacks are named `on` + the event name and receive exactly that event's payload; the name
// is derived from the event type, so a new event needs no entry here.
import type { AgentEvent, AgentEventPayload, AgentEventType } from '@wave-agent/shared-protocol';

export type CallbackName<T extends AgentEventType> = `on${Capitalize<T>}`;

export type AgentCallbacks = {
  readonly [T in AgentEventType as CallbackName<T>]?: (payload: AgentEventPayload<T>) => void;
};

/** Every event, in order, with its sequence number in the session (the first event is 1). */
export type AgentEventListener = (event: AgentEvent, seq: number) => void;

export function callbackName<T extends AgentEventType>(type: T): CallbackName<T> {
  // The template literal type is exactly what this builds.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return `on${type.charAt(0).toUpperCase()}${type.slice(1)}` as CallbackName<T>;
}

/** Each event type's callback name, made once (an event is emitted per streamed chunk). */
const callbackNames = new Map<AgentEventType, string>();

/** Calls the callback for this event, if the consumer registered one. */
export function invokeCallback(callbacks: AgentCallbacks, event: AgentEvent): void {
  let name = callbackNames.get(event.type);
  if (name === undefined) {
    name = callbackName(event.type);
    callbackNames.set(event.type, name);
  }
  const callback: unknown = Reflect.get(callbacks, name);
  if (typeof callback !== 'function') return;
  const { type: _type, ...payload } = event;
  Reflect.apply(callback, callbacks, [payload]);
}
