// Which session the interactive UI starts in: `--resume ID` that one, `--resume` a picker of
// this directory's sessions, `--continue` the newest one (a new session when there is none),
// otherwise a new one. A session file that cannot be read never stops wave: the user is told
// which file and why, in one line, and gets a new session.
import type { ListedSessions, SessionSummary } from '@wave-agent/agent-sdk';
import { RpcError, unreadableSessionFile, errorText } from '@wave-agent/shared-protocol';
import type { UiNote } from '../ui/index.js';
import type { CliOptions } from './cli-options.js';

export type SessionStart =
  | { readonly kind: 'new' }
  | {
      readonly kind: 'restore';
      readonly sessionId: string;
      /** From the session list, to say what was opened; absent when the id is not listed. */
      readonly summary?: SessionSummary;
    }
  | { readonly kind: 'pick' };

export interface StartPlan {
  readonly start: SessionStart;
  /** Said in the history before anything else. */
  readonly notes: readonly UiNote[];
}

/** Where the stored sessions of the folder are listed (with the files that could not be read). */
export interface SessionLister {
  listSessions(): ListedSessions;
}

/** The open session, which can switch to a stored one. */
export interface SessionRestorer {
  restore(storedSessionId: string): Promise<{ readonly problems: readonly string[] }>;
}

export const NO_SESSION_TO_CONTINUE =
  'There is no earlier session in this directory to continue; starting a new one.';

function problemNotes(problems: readonly string[]): UiNote[] {
  return problems.map((problem) => ({
    text: `${problem} That session was skipped.`,
    level: 'warning',
  }));
}

/** Decides from the flags (and, for --continue, the list of sessions). */
export function planSessionStart(
  cli: Pick<CliOptions, 'resume' | 'continueSession'>,
  agent: SessionLister,
): StartPlan {
  const wanted = cli.resume?.sessionId;
  if (wanted !== undefined) {
    const summary = agent.listSessions().sessions.find((session) => session.id === wanted);
    return {
      start: { kind: 'restore', sessionId: wanted, ...(summary ? { summary } : {}) },
      notes: [],
    };
  }
  if (cli.resume) return { start: { kind: 'pick' }, notes: [] };
  if (!cli.continueSession) return { start: { kind: 'new' }, notes: [] };
  const { sessions, problems } = agent.listSessions();
  const notes = problemNotes(problems);
  // What `wave -p` runs leave behind is not what a person at the terminal means to continue.
  const newest = sessions.find((session) => session.origin !== 'print') ?? sessions[0];
  if (!newest)
    return {
      start: { kind: 'new' },
      notes: [...notes, { text: NO_SESSION_TO_CONTINUE, level: 'info' }],
    };
  return { start: { kind: 'restore', sessionId: newest.id, summary: newest }, notes };
}

/** Said above a restored session, so the user knows what is on screen. */
export function continuingNote(summary: SessionSummary | undefined, sessionId: string): UiNote {
  const what = summary
    ? `"${summary.title}" · ${summary.messageCount} message${summary.messageCount === 1 ? '' : 's'}`
    : sessionId;
  return { text: `── continuing session ${what} ──`, level: 'info' };
}

/**
 * Restores the planned session when there is one. Returns the notes to show and whether the
 * UI should open the picker. Never throws for a bad or missing session.
 */
export async function openStartSession(
  plan: StartPlan,
  session: SessionRestorer,
): Promise<{ readonly notes: readonly UiNote[]; readonly pick: boolean }> {
  const { start } = plan;
  if (start.kind !== 'restore') return { notes: plan.notes, pick: start.kind === 'pick' };
  try {
    // Lines the file had to skip are said in the conversation itself (a notice each).
    await session.restore(start.sessionId);
    return { notes: [...plan.notes, continuingNote(start.summary, start.sessionId)], pick: false };
  } catch (error) {
    // Not in the list and no file: there is no such session here. A file that is there but is
    // no session is named, so the user can look at it.
    const reason = errorText(error);
    const unreadable = error instanceof RpcError ? unreadableSessionFile(error.data) : undefined;
    const text =
      unreadable !== undefined
        ? `The session file ${unreadable} is there, but it cannot be read as a session (${reasonOnly(reason, unreadable)}). Look at it, or move it aside; starting a new session instead.`
        : start.summary === undefined
          ? `There is no session ${start.sessionId} in this directory (wave --resume lists them); starting a new one.`
          : `${reason} Starting a new session instead.`;
    return { notes: [...plan.notes, { text, level: 'warning' }], pick: false };
  }
}

/** The reader's reason without the "Cannot read session file PATH: " it starts with. */
function reasonOnly(message: string, file: string): string {
  const prefix = `Cannot read session file ${file}: `;
  const reason = message.startsWith(prefix) ? message.slice(prefix.length) : message;
  return reason.replace(/\.$/, '');
}
