// The terminal signals of an interactive run, from the setting and the environment: the
// channel (`preferredNotifChannel`, `auto` resolved by TERM_PROGRAM/TERM), when a question is
// notified, and how long a turn must run for its end to be.
import type { NotificationChannel } from '../../settings/notification-setting.js';
import { resolveChannel, titleSequence } from './notification-channel.js';
import type { TerminalSignals } from './use-terminal-signals.js';

/** A question still unanswered this long is notified (Claude Code waits a few seconds too). */
export const QUESTION_NOTIFY_MS = 5_000;
/** A turn that ran this long is notified when it ends, unless WAVE_NOTIFY_LONG_TURN_SECONDS says. */
const LONG_TURN_SECONDS = 30;

/** Written at exit: an empty title gives the terminal its own back (as Claude Code does). */
export const RESTORE_TITLE = titleSequence('');

/** `channel` is the setting's (settings/notification-setting.ts); `auto` is resolved here. */
export function terminalSignalsFor(
  channel: NotificationChannel,
  env: Readonly<Record<string, string | undefined>>,
): { readonly signals: TerminalSignals; readonly warnings: readonly string[] } {
  const warnings: string[] = [];
  const raw = env.WAVE_NOTIFY_LONG_TURN_SECONDS;
  let seconds = LONG_TURN_SECONDS;
  if (raw !== undefined && raw !== '') {
    const parsed = Number(raw);
    if (Number.isFinite(parsed) && parsed >= 0) seconds = parsed;
    else
      warnings.push(
        `ignoring WAVE_NOTIFY_LONG_TURN_SECONDS=${JSON.stringify(raw)}: it must be a number of seconds (0 or more); using ${LONG_TURN_SECONDS}.`,
      );
  }
  return {
    signals: {
      channel: resolveChannel(channel, env),
      questionAfterMs: QUESTION_NOTIFY_MS,
      longTurnMs: seconds * 1000,
    },
    warnings,
  };
}
