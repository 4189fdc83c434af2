// What a session list shows (title, time, size), kept in a small sidecar file beside each
// session so listing never has to read whole sessions. A missing or stale sidecar (the process
// died before writing it) is rebuilt from the session file itself.
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import type { Message, SessionSummary as WireSessionSummary } from '@wave-agent/shared-protocol';
import {
  SessionSummarySchema,
  applyEvents,
  emptyConversation,
  errorText,
} from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { isValidSessionId } from './session-id.js';
import { SessionFileError, readSessionFile } from './session-reader.js';
import { sessionsDir } from './session-paths.js';

/** The wire summary (title = the first prompt, cut to one line) plus where the file is. */
export interface SessionSummary extends WireSessionSummary {
  readonly path: string;
  readonly createdAt: number;
}

const SidecarSchema = SessionSummarySchema.extend({ createdAt: z.number() });

const TITLE_CHARS = 80;

export function titleOf(messages: readonly Message[]): string {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of message.blocks) {
      const text =
        block.type === 'text' ? block.content : block.type === 'bang' ? `!${block.command}` : '';
      const line = text.trim().split('\n', 1)[0]?.trim();
      if (line) return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
    }
  }
  return '(no messages)';
}

export function summaryPath(sessionPath: string): string {
  return sessionPath.replace(/\.jsonl$/, '.summary.json');
}

/** Written at the end of each turn; atomic (temp file + rename) so it is never half there. */
export function writeSummary(summary: SessionSummary): void {
  const target = summaryPath(summary.path);
  const temp = `${target}.${process.pid}.tmp`;
  const { path: _path, ...stored } = summary;
  writeFileSync(temp, JSON.stringify(stored));
  renameSync(temp, target);
}

/**
 * A session's id is its file name: a file copied under another name is another session, even
 * though its header (and sidecar) still carry the id it was written under.
 */
function sessionIdOf(path: string): string {
  return basename(path, '.jsonl');
}

function summaryFromFile(path: string): SessionSummary {
  const { header, events } = readSessionFile(path);
  const messages = applyEvents(emptyConversation, events).messages;
  return {
    id: sessionIdOf(path),
    workdir: header.workdir,
    path,
    title: titleOf(messages),
    createdAt: header.createdAt,
    updatedAt: statSync(path).mtimeMs,
    messageCount: messages.length,
    ...(header.origin ? { origin: header.origin } : {}),
  };
}

function readSummary(path: string): SessionSummary | undefined {
  const sidecar = summaryPath(path);
  if (!existsSync(sidecar)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(sidecar, 'utf8'));
  } catch {
    return undefined; // A damaged sidecar is only a cache: rebuild it from the session.
  }
  const parsed = SidecarSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  // A session written after its summary (a crash mid-turn) needs a fresh summary.
  if (statSync(path).mtimeMs > parsed.data.updatedAt + 1000) return undefined;
  return { ...parsed.data, id: sessionIdOf(path), path };
}

export interface ListedSessions {
  readonly sessions: readonly SessionSummary[];
  /** Files that could not be read, as sentences (never a crash). */
  readonly problems: readonly string[];
}

/** Sessions of one working directory, newest first. */
export function listSessions(waveHome: string, workdir: string): ListedSessions {
  const dir = sessionsDir(waveHome, workdir);
  if (!existsSync(dir)) return { sessions: [], problems: [] };
  const sessions: SessionSummary[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.jsonl') || !isValidSessionId(basename(name, '.jsonl'))) continue;
    const path = join(dir, name);
    try {
      sessions.push(readSummary(path) ?? summaryFromFile(path));
    } catch (error) {
      problems.push(errorText(error));
    }
  }
  sessions.sort((a, b) => b.updatedAt - a.updatedAt);
  return { sessions, problems };
}

/** The file of a session; an id that is not a plain name is refused (SessionFileError). */
export function sessionPathFor(waveHome: string, workdir: string, id: string): string {
  if (!isValidSessionId(id)) throw SessionFileError.invalidId(id);
  return join(sessionsDir(waveHome, workdir), `${id}.jsonl`);
}
