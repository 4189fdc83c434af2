// /resume: a picker of this directory's saved sessions (title, when, how many messages); the
// chosen one replaces the conversation. Sessions of `wave -p` runs (often scripted, many) come
// after the others and say so, so the picker stays useful. A session file that cannot be read is named with the
// reason, and the current session stays. `wave --resume` opens the same picker at start.

import { SLASH_COMMANDS, errorText } from '@wave-agent/shared-protocol';
import type { SessionOrigin } from '@wave-agent/shared-protocol';
import type { CommandContext, SlashCommand } from '../../commands/command-context.js';
import { relativeTime } from '../render/relative-time.js';

/** Listing problems shown one per line; more are counted. */
const PROBLEMS_SHOWN = 3;

export interface ResumeWording {
  readonly title: string;
  /** What Esc does, in the picker's key line. */
  readonly escapeHint: string;
  /** Said when there is nothing to resume. */
  readonly noSessions: string;
  /** Said after a failed restore: where the user is now. */
  readonly afterFailure: string;
}

const COMMAND_WORDING: ResumeWording = {
  title: 'Resume which session of this directory?',
  escapeHint: 'Esc keeps the current one',
  noSessions: 'There is no saved session in this directory yet.',
  afterFailure: 'You are still in the current session.',
};

/** `wave --resume` without an id: the same picker before anything else. */
export const START_WORDING: ResumeWording = {
  title: 'Resume which session of this directory?',
  escapeHint: 'Esc starts a new session',
  noSessions: 'There is no saved session in this directory yet; starting a new one.',
  afterFailure: 'Starting a new session instead.',
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function reportProblems(context: CommandContext, problems: readonly string[]): void {
  for (const problem of problems.slice(0, PROBLEMS_SHOWN))
    context.print(`${problem} It is left out of the list.`, 'warning');
  if (problems.length > PROBLEMS_SHOWN)
    context.print(
      `${problems.length - PROBLEMS_SHOWN} more session files could not be read.`,
      'warning',
    );
}

/** The sessions in the order listed (newest first), those of print runs after the rest. */
function printRunsLast<T extends { readonly origin?: SessionOrigin }>(sessions: readonly T[]): T[] {
  return [
    ...sessions.filter((session) => session.origin !== 'print'),
    ...sessions.filter((session) => session.origin === 'print'),
  ];
}

/** Lists, asks and restores; resolves once the user chose (and the restore ended) or cancelled. */
export async function pickAndResume(
  context: CommandContext,
  wording: ResumeWording = COMMAND_WORDING,
  now = Date.now(),
): Promise<void> {
  let listed;
  try {
    listed = await context.session.listSessions();
  } catch (error) {
    context.print(`The saved sessions could not be listed: ${errorText(error)}`, 'error');
    return;
  }
  const { problems } = listed;
  const sessions = printRunsLast(listed.sessions);
  reportProblems(context, problems);
  if (sessions.length === 0) {
    context.print(wording.noSessions);
    return;
  }
  const current = context.session.id;
  const index = await context.choose({
    title: wording.title,
    escapeHint: wording.escapeHint,
    items: sessions.map((session) => ({
      label: session.title,
      detail: `${relativeTime(session.updatedAt, now)} · ${plural(session.messageCount, 'message')}${session.origin === 'print' ? ' · wave -p' : ''}${session.id === current ? ' · current' : ''}`,
    })),
  });
  const chosen = index === undefined ? undefined : sessions[index];
  if (!chosen) return;
  if (chosen.id === current) {
    context.print('That is the session you are in; nothing changed.');
    return;
  }
  // Said before the restore: notes are written ahead of the messages a render brings.
  context.print(`── resuming "${chosen.title}" · ${plural(chosen.messageCount, 'message')} ──`);
  try {
    // Lines the file had to skip are said in the conversation (a notice each).
    await context.session.restore(chosen.id);
  } catch (error) {
    const reason = errorText(error);
    context.print(`${reason} ${wording.afterFailure}`, 'error');
  }
}

export const resumeCommand: SlashCommand = {
  ...SLASH_COMMANDS.resume,
  run: (context) => pickAndResume(context),
};
