// How the terminal is told that something waits for the user: Claude Code's
// `preferredNotifChannel` values, with Wave's words. `auto` picks the terminal's own
// notification when TERM_PROGRAM or TERM names a terminal known to have one, else the bell.
import type { NotificationChannel } from '../../settings/notification-setting.js';
import { visibleText } from '../../terminal/terminal-text.js';

/** A channel `auto` has been resolved to. */
export type ConcreteChannel = Exclude<NotificationChannel, 'auto'>;

const BEL = '\u0007';
const OSC = '\u001B]';
/** String Terminator, which kitty's notifications end with. */
const ST = '\u001B\\';

/**
 * The channel for `auto`: iTerm2 (TERM_PROGRAM=iTerm.app) and Ghostty (TERM_PROGRAM=ghostty or
 * TERM=xterm-ghostty) get their notification, kitty (TERM=xterm-kitty) its own, others the bell.
 */
export function resolveChannel(
  preferred: NotificationChannel,
  env: Readonly<Record<string, string | undefined>>,
): ConcreteChannel {
  if (preferred !== 'auto') return preferred;
  const program = env.TERM_PROGRAM ?? '';
  const term = env.TERM ?? '';
  if (program === 'iTerm.app') return 'iterm2';
  if (program === 'ghostty' || term === 'xterm-ghostty') return 'ghostty';
  if (term === 'xterm-kitty' || env.KITTY_WINDOW_ID !== undefined) return 'kitty';
  return 'terminal_bell';
}

/** A line of text safe inside an escape sequence: no control character, one line, short. */
export function sequenceText(text: string, max = 200): string {
  return visibleText(text.replace(/\s+/g, ' ').trim()).slice(0, max);
}

/** What to write to tell the terminal `message` on `channel` ('' when disabled). */
export function notificationSequence(channel: ConcreteChannel, message: string): string {
  const body = sequenceText(message);
  switch (channel) {
    case 'terminal_bell':
      return BEL;
    case 'iterm2':
      return `${OSC}9;${body}${BEL}`;
    case 'iterm2_with_bell':
      return `${OSC}9;${body}${BEL}${BEL}`;
    case 'kitty':
      // The title first (d=0: more follows), then the body, as kitty's protocol has it.
      return `${OSC}99;i=wave:d=0:p=title;Wave${ST}${OSC}99;i=wave:d=1:p=body;${body}${ST}`;
    case 'ghostty':
      return `${OSC}777;notify;Wave;${body}${BEL}`;
    case 'notifications_disabled':
      return '';
  }
}

/** The window title sequence; an empty `title` gives the terminal's own title back. */
export function titleSequence(title: string): string {
  return `${OSC}0;${sequenceText(title)}${BEL}`;
}
