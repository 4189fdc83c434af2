// The status line under the input: model and its effort, where, permission mode, tokens, and
// whether a turn runs.

import { homedir } from 'node:os';
import type { ConversationState, EffortLevel, PermissionMode } from '@wave-agent/shared-protocol';
import type { Color } from '../render/ansi.js';
import { paint } from '../render/ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { shortCount } from '@wave-agent/shared-protocol';

/** The working directory as the user knows it: `~` for home, long paths cut from the left. */
export function shortenPath(path: string, maxLength = 32, home = homedir()): string {
  const relative =
    home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
  if (relative.length <= maxLength) return relative;
  const parts = relative.split('/').filter((part) => part !== '');
  const tail = parts.slice(-2).join('/');
  return `…/${tail}`;
}

/** Total tokens of the conversation's finished model calls. */
export function totalTokens(conversation: ConversationState): number {
  let total = 0;
  for (const message of conversation.messages) {
    if (message.usage) total += message.usage.inputTokens + message.usage.outputTokens;
  }
  return total;
}

const MODE_LABELS: Readonly<
  Record<PermissionMode, { readonly label: string; readonly color?: Color }>
> = {
  default: { label: 'asks before changes' },
  acceptEdits: { label: 'accepts edits', color: 'green' },
  bypassPermissions: { label: 'bypasses permissions', color: 'red' },
  plan: { label: 'plan mode', color: 'blue' },
  dontAsk: { label: "doesn't ask (refuses what no rule allows)", color: 'yellow' },
};

export interface StatusInfo {
  readonly model: string;
  /** How hard the model thinks (Alt+T changes it). */
  readonly effort?: EffortLevel;
  readonly workdir: string;
  readonly permissionMode: PermissionMode;
  readonly tokens: number;
  /** Seconds the running turn has taken, or undefined when idle. */
  readonly runningSeconds: number | undefined;
  /** What runs, when it is not a turn (e.g. "Compacting the conversation"). */
  readonly activity?: string;
}

export function statusText(info: StatusInfo, width: number, home?: string): string {
  const mode = MODE_LABELS[info.permissionMode];
  const dot = paint(' · ', { dim: true });
  const parts = [
    paint(info.model, { color: 'cyan' }),
    mode.color ? paint(mode.label, { color: mode.color }) : mode.label,
    `${shortCount(info.tokens)} tokens`,
  ];
  if (info.runningSeconds !== undefined)
    parts.push(
      paint(`● ${terminalText(info.activity ?? 'working')} ${info.runningSeconds}s · Esc to stop`, {
        color: 'yellow',
      }),
    );
  // The effort and the directory go last: on a narrow terminal they are what gets cut.
  if (info.effort !== undefined)
    parts.push(info.effort === 'off' ? 'thinking off' : `effort ${info.effort}`);
  parts.push(shortenPath(info.workdir, 32, home));
  return truncateAnsiLine(parts.join(dot), width);
}
