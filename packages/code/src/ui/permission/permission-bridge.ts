// The meeting point between the SDK's `canUseTool` (which waits for an answer) and the UI
// (which asks the user). Create it before the Agent, pass `bridge.canUseTool` to
// `Agent.create`, and give the bridge to the App, which shows each question and answers it.

import type { CanUseTool, PermissionDecision, PermissionRequest } from '@wave-agent/agent-sdk';

/** What the SDK asks. */
export type PermissionQuestion = PermissionRequest;

/** The answer. */
export type PermissionAnswer = PermissionDecision;

export interface PendingPermission {
  readonly question: PermissionQuestion;
  /** Answers this question; later calls do nothing. */
  readonly answer: (answer: PermissionAnswer) => void;
}

export interface PermissionBridge {
  /** Give this to `Agent.create({ canUseTool })`. Questions are answered one at a time, in order. */
  readonly canUseTool: (question: PermissionQuestion) => Promise<PermissionAnswer>;
  /** The question the user should answer now, or undefined. Stable until it changes. */
  readonly current: () => PendingPermission | undefined;
  /** Called whenever `current()` changes; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
}

const ABORTED_ANSWER: PermissionAnswer = {
  decision: 'deny',
  reason: 'The turn was stopped before the user answered.',
};

export function createPermissionBridge(): PermissionBridge {
  const queue: PendingPermission[] = [];
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of listeners) listener();
  };

  const canUseTool = (question: PermissionQuestion): Promise<PermissionAnswer> =>
    new Promise<PermissionAnswer>((resolve) => {
      let settled = false;
      const pending: PendingPermission = {
        question,
        answer: (answer) => {
          if (settled) return;
          settled = true;
          question.signal.removeEventListener('abort', onAbort);
          const index = queue.indexOf(pending);
          if (index !== -1) queue.splice(index, 1);
          resolve(answer);
          notify();
        },
      };
      // An aborted turn no longer needs the answer: the question leaves the screen.
      const onAbort = (): void => pending.answer(ABORTED_ANSWER);
      if (question.signal.aborted) {
        settled = true;
        resolve(ABORTED_ANSWER);
        return;
      }
      question.signal.addEventListener('abort', onAbort, { once: true });
      queue.push(pending);
      notify();
    });

  return {
    canUseTool,
    current: () => queue[0],
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

type Holds<T extends true> = T;
/** Stops compiling when the bridge no longer fits the SDK's `canUseTool` option. */
export type BridgeFitsCanUseTool = Holds<
  PermissionBridge['canUseTool'] extends CanUseTool ? true : false
>;
