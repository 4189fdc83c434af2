// /rewind: pick one of your earlier messages (newest first), then what to put back — the
// conversation, the files Wave changed since, or both. It reports what was restored and the
// files it left alone because they changed outside Wave. Refused while a turn runs.

import { relative } from 'node:path';
import { SLASH_COMMANDS, typedText } from '@wave-agent/shared-protocol';
import type {
  Message,
  RewindRestoreTarget,
  RewindToMessageResult,
} from '@wave-agent/shared-protocol';
import type { CommandContext, SlashCommand } from './command-context.js';

export interface RewindTarget {
  readonly messageId: string;
  /** What the user typed (a `!command` for a bang). */
  readonly text: string;
}

const RESTORE_CHOICES: readonly {
  readonly restore: RewindRestoreTarget;
  readonly label: string;
  readonly detail: string;
}[] = [
  { restore: 'both', label: 'Conversation and files', detail: 'the default' },
  { restore: 'conversation', label: 'Conversation only', detail: 'files stay as they are now' },
  { restore: 'files', label: 'Files only', detail: 'the conversation stays' },
];

/** The user's messages, newest first: what a rewind can go back to. */
export function rewindTargets(messages: readonly Message[]): RewindTarget[] {
  const targets: RewindTarget[] = [];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role !== 'user') continue;
    targets.push({ messageId: message.id, text: typedText(message) });
  }
  return targets;
}

export function firstLineOf(text: string): string {
  const [first = ''] = text.split('\n', 1);
  return text.includes('\n') ? `${first} …` : first;
}

function shownPath(path: string, workdir: string): string {
  const inside = relative(workdir, path);
  return inside && !inside.startsWith('..') ? inside : path;
}

/** What a rewind did, as lines for the history. */
export function rewindReport(
  result: RewindToMessageResult,
  restore: RewindRestoreTarget,
  target: RewindTarget,
  workdir: string,
): string[] {
  const lines: string[] = [];
  if (restore !== 'files')
    lines.push(`Rewound the conversation to before "${firstLineOf(target.text)}".`);
  if (restore !== 'conversation') {
    const files = (result.restoredFiles ?? []).map((path) => shownPath(path, workdir));
    lines.push(
      files.length === 0
        ? 'No file needed restoring.'
        : `Restored ${files.length === 1 ? '1 file' : `${files.length} files`}: ${files.join(', ')}`,
    );
  }
  for (const conflict of result.conflicts ?? [])
    lines.push(`Not restored: ${shownPath(conflict.path, workdir)}: ${conflict.reason}`);
  return lines;
}

async function rewind(context: CommandContext): Promise<void> {
  if (context.running) {
    context.print('A reply is running: press Esc to stop it, then /rewind.', 'warning');
    return;
  }
  const targets = rewindTargets(context.messages);
  if (targets.length === 0) {
    context.print('There is nothing to rewind: no message was sent in this conversation yet.');
    return;
  }
  const picked = await context.choose({
    title: 'Rewind to before which of your messages?',
    items: targets.map((target) => ({ label: firstLineOf(target.text) || '(empty)' })),
  });
  const target = picked === undefined ? undefined : targets[picked];
  if (!target) return;
  const how = await context.choose({
    title: `Before "${firstLineOf(target.text)}": put back what?`,
    items: RESTORE_CHOICES,
  });
  const choice = how === undefined ? undefined : RESTORE_CHOICES[how];
  if (!choice) return;
  const result = await context.session.rewind(target.messageId, { restore: choice.restore });
  if (!result.ok) {
    context.print(`Nothing was rewound: ${result.error ?? 'the agent refused.'}`, 'warning');
    return;
  }
  const report = rewindReport(
    result,
    choice.restore,
    target,
    context.session.getSnapshot().workdir,
  );
  if (choice.restore !== 'files' && context.offerPromptText(target.text))
    report.push('Your message is back in the prompt: edit it and press Enter to send it again.');
  context.print(report.join('\n'), (result.conflicts ?? []).length > 0 ? 'warning' : 'info');
}

export const rewindCommand: SlashCommand = {
  ...SLASH_COMMANDS.rewind,
  run: rewind,
};
