// The prompts the user sent, kept across sessions in `$WAVE_HOME/history.jsonl`, one JSON object
// a line in Claude Code's shape (`~/.claude/history.jsonl`): `{display, timestamp, project,
// sessionId}`. ↑/↓ and Ctrl+R read this project's lines. The file is the user's alone (0600).
// Two Wave processes may append at once: each line is one write to a file opened with O_APPEND,
// which the kernel puts whole at the end. The file is trimmed to the newest MAX_LINES once it
// holds TRIM_AT (checked every CHECK_EVERY appends): the kept lines are written to a new file that is renamed over the old one, under
// a lock file, and only if nothing was appended meanwhile (else the next append tries again).
import {
  appendFileSync,
  closeSync,
  chmodSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { errorCode, errorText, isRecord } from '@wave-agent/shared-protocol';

export const HISTORY_FILE = 'history.jsonl';
/** Lines kept after a trim. */
export const MAX_LINES = 1_000;
/** A trim happens once the file holds this many lines (not at every append). */
const TRIM_AT = 1_100;
/** The file's length is checked at this process's first append and every this many after. */
const CHECK_EVERY = 50;
let appendsUntilCheck = 0;
/** A prompt longer than this is kept cut (the file stays small; the session has it whole). */
const MAX_DISPLAY_CHARS = 10_000;

export interface HistoryLine {
  readonly display: string;
  readonly timestamp: number;
  readonly project: string;
  readonly sessionId: string;
}

/** What the prompt needs of the history file. */
export interface PromptHistoryStore {
  /** This project's prompts, oldest first, as they were when the UI started. */
  readonly entries: readonly string[];
  /** Why the file could not be read (then `entries` is empty). */
  readonly problem?: string;
  /** Keeps a sent prompt; returns why it could not be kept (the prompt is sent all the same). */
  add(display: string, sessionId: string): string | undefined;
}

function parseLine(line: string): HistoryLine | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (!isRecord(value) || typeof value.display !== 'string') return undefined;
    return {
      display: value.display,
      timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0,
      project: typeof value.project === 'string' ? value.project : '',
      sessionId: typeof value.sessionId === 'string' ? value.sessionId : '',
    };
  } catch {
    return undefined; // A torn or foreign line is skipped; the others are still read.
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return '';
    throw error;
  }
}

/** This project's prompts in the file, oldest first, consecutive repeats once. */
export function readProjectPrompts(waveHome: string, project: string): string[] {
  const prompts: string[] = [];
  for (const line of readText(join(waveHome, HISTORY_FILE)).split('\n')) {
    const parsed = line.trim() === '' ? undefined : parseLine(line);
    if (parsed?.project !== project || prompts.at(-1) === parsed.display) continue;
    prompts.push(parsed.display);
  }
  return prompts;
}

/** Keeps the newest MAX_LINES lines when the file has grown past TRIM_AT. */
function trimIfLong(path: string): void {
  const lock = `${path}.lock`;
  let lockFd: number;
  try {
    lockFd = openSync(lock, 'wx', 0o600);
  } catch {
    return; // Another Wave is trimming (or a stale lock): the file just stays longer a while.
  }
  try {
    const before = statSync(path).size;
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    if (lines.length < TRIM_AT) return;
    const next = `${path}.${process.pid}.tmp`;
    writeFileSync(next, `${lines.slice(-MAX_LINES).join('\n')}\n`, { mode: 0o600 });
    // A line appended since the read would be lost by the rename: leave it to the next append.
    if (statSync(path).size !== before) unlinkSync(next);
    else renameSync(next, path);
  } finally {
    closeSync(lockFd);
    unlinkSync(lock);
  }
}

/** Appends one prompt to `$WAVE_HOME/history.jsonl` (created 0600). */
export function appendPrompt(waveHome: string, line: HistoryLine): void {
  const path = join(waveHome, HISTORY_FILE);
  const display = line.display.slice(0, MAX_DISPLAY_CHARS);
  appendFileSync(path, `${JSON.stringify({ ...line, display })}\n`, { mode: 0o600, flag: 'a' });
  // A file made by an older Wave, or by hand, is made the user's alone as well.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  if (appendsUntilCheck-- > 0) return;
  appendsUntilCheck = CHECK_EVERY - 1;
  trimIfLong(path);
}

/** The history of `project` in `waveHome`; a file that cannot be read starts an empty one. */
export function promptHistoryFile(waveHome: string, project: string): PromptHistoryStore {
  const path = join(waveHome, HISTORY_FILE);
  const add = (display: string, sessionId: string): string | undefined => {
    try {
      appendPrompt(waveHome, { display, timestamp: Date.now(), project, sessionId });
      return undefined;
    } catch (error) {
      return `The prompt was sent but not kept in ${path} (${errorText(error)}); check that the folder is writable.`;
    }
  };
  try {
    return { entries: readProjectPrompts(waveHome, project), add };
  } catch (error) {
    const problem = `The prompt history ${path} could not be read (${errorText(error)}), so ↑ starts from this session; check the file's permissions.`;
    return { entries: [], problem, add };
  }
}
