// The window title and the notifications of the terminal (issue 41): the title names the
// session and whether it runs, waits for you or is ready; a question still unanswered after a
// few seconds, and the end of a long turn, are told on the user's notification channel. Both
// are written beside Ink's frames (ScreenControl.writeInvisible), never inside them; the title
// is given back to the terminal at exit (cli/run-interactive.ts).
import { useEffect, useRef } from 'react';
import { useStdout } from 'ink';
import type { SessionState } from '@wave-agent/shared-protocol';
import { screenControlOf } from '../render/reflow-aware-stdout.js';
import type { ConcreteChannel } from './notification-channel.js';
import { notificationSequence, titleSequence } from './notification-channel.js';

export interface TerminalSignals {
  readonly channel: ConcreteChannel;
  /** A question still unanswered after this long is notified. */
  readonly questionAfterMs: number;
  /** A turn that ran at least this long is notified when it ends. */
  readonly longTurnMs: number;
}

type Shown = Pick<SessionState, 'title' | 'status' | 'permissionQuestions' | 'userQuestions'>;

/** What waits for the user, in Wave's words; undefined when nothing does. */
export function waitingFor(state: Shown): { id: string; message: string } | undefined {
  const permission = state.permissionQuestions[0];
  if (permission)
    return {
      id: permission.requestId,
      message: `Wave needs your permission to use ${permission.toolName}`,
    };
  const question = state.userQuestions[0];
  if (!question) return undefined;
  const message =
    question.ask.kind === 'plan'
      ? 'Wave has a plan for you to approve'
      : 'Wave has a question for you';
  return { id: question.requestId, message };
}

/** The window title: the session's title and what it is doing. */
export function windowTitle(state: Shown): string {
  const phase = waitingFor(state)
    ? 'waiting for you'
    : state.status.type === 'running'
      ? 'running'
      : 'ready';
  return `Wave · ${state.title ? `${state.title} · ` : ''}${phase}`;
}

export function useTerminalSignals(state: Shown, signals: TerminalSignals | undefined): void {
  const screen = screenControlOf(useStdout().stdout);
  const write = signals && screen ? (text: string) => screen.writeInvisible(text) : undefined;
  const title = windowTitle(state);
  useEffect(() => {
    write?.(titleSequence(title));
  }, [title]); // Written when it changes.

  const waiting = waitingFor(state);
  useEffect(() => {
    if (!write || !signals || !waiting) return undefined;
    const timer = setTimeout(
      () => write(notificationSequence(signals.channel, waiting.message)),
      signals.questionAfterMs,
    );
    return () => clearTimeout(timer);
  }, [waiting?.id]); // One timer per question.

  const runningSince = useRef<number | undefined>(undefined);
  const running = state.status.type === 'running';
  useEffect(() => {
    if (running) {
      runningSince.current = Date.now();
      return;
    }
    const since = runningSince.current;
    runningSince.current = undefined;
    if (!write || !signals || since === undefined) return;
    if (Date.now() - since < signals.longTurnMs) return;
    const seconds = Math.round((Date.now() - since) / 1000);
    write(
      notificationSequence(
        signals.channel,
        `Wave finished${state.title ? ` "${state.title}"` : ''} after ${seconds} s`,
      ),
    );
  }, [running]); // At a turn's start and end only.
}
