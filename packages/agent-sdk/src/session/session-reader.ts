// Reads a session file back (formats 1 to 3, see session-lines.ts). A torn last line (the process
// died mid-write) is skipped with a notice; a bad line elsewhere is skipped and named, one notice
// for a run of them (skipped-lines.ts); a file that is not a Wave session at all is an error that
// says which file and why. Nothing here throws on bad content except that.
import { readFileSync } from 'node:fs';
import { parseAgentEvent, errorText, errorCode } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { SESSION_FORMAT_VERSION } from './session-file.js';
import { SessionLineDecoder, deltaTarget } from './session-lines.js';
import type { SessionLineFormat } from './session-lines.js';
import { SkippedLines } from './skipped-lines.js';
import type { SessionHeader } from './session-file.js';
import { invalidSessionIdReason } from './session-id.js';
import { SessionOriginSchema } from '@wave-agent/shared-protocol';
import type { SessionOrigin } from '@wave-agent/shared-protocol';

export class SessionFileError extends Error {
  override readonly name = 'SessionFileError';
  constructor(
    readonly path: string,
    reason: string,
    /** True when there is no such file (an unknown session id), not a damaged one. */
    readonly missing = false,
  ) {
    super(path === '' ? reason : `Cannot read session file ${path}: ${reason}`);
  }

  /** An id that cannot name a session file at all (`../x`, `/etc/passwd`): nothing is opened. */
  static invalidId(id: string): SessionFileError {
    return new SessionFileError('', invalidSessionIdReason(id), true);
  }
}

function isMissingFile(error: unknown): boolean {
  return errorCode(error) === 'ENOENT';
}

export interface SessionContents {
  readonly header: SessionHeader;
  /** How the file goes on being written when it is reopened. */
  readonly format: SessionLineFormat;
  readonly events: readonly AgentEvent[];
  /** Lines that were skipped, as sentences for the user. */
  readonly problems: readonly string[];
}

function parseHeader(path: string, line: string | undefined): SessionHeader {
  if (!line) throw new SessionFileError(path, 'the file is empty.');
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new SessionFileError(path, 'its first line is not JSON, so it is not a Wave session.');
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    !('type' in value) ||
    value.type !== 'session' ||
    !('id' in value) ||
    typeof value.id !== 'string' ||
    !('workdir' in value) ||
    typeof value.workdir !== 'string' ||
    !('createdAt' in value) ||
    typeof value.createdAt !== 'number' ||
    !('version' in value) ||
    typeof value.version !== 'number'
  ) {
    throw new SessionFileError(path, 'its first line is not a Wave session header.');
  }
  if (value.version > SESSION_FORMAT_VERSION) {
    throw new SessionFileError(
      path,
      `it was written by a newer Wave (format ${value.version}); update Wave to open it.`,
    );
  }
  return {
    type: 'session',
    version: value.version,
    id: value.id,
    workdir: value.workdir,
    createdAt: value.createdAt,
    ...('origin' in value ? originOf(value.origin) : {}),
  };
}

/** A recorded origin Wave knows; anything else is left out, as in files from before it. */
function originOf(origin: unknown): { origin?: SessionOrigin } {
  const parsed = SessionOriginSchema.safeParse(origin);
  return parsed.success ? { origin: parsed.data } : {};
}

export function readSessionFile(path: string): SessionContents {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) throw new SessionFileError(path, 'there is no such session.', true);
    throw new SessionFileError(path, errorText(error));
  }
  const endsCleanly = text.endsWith('\n');
  const lines = text.split('\n');
  if (endsCleanly) lines.pop();
  const header = parseHeader(path, lines[0]);
  const events: AgentEvent[] = [];
  const skipped = new SkippedLines(path);
  const decoder = new SessionLineDecoder(header.version);
  /** The ids of the messages the events so far have added or changed. */
  const messages = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const number = i + 1;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      decoder.skip();
      if (i === lines.length - 1 && !endsCleanly) skipped.torn();
      else skipped.add(number, 'not valid JSON');
      continue;
    }
    const decoded = decoder.decode(raw);
    if (!decoded.ok) {
      skipped.add(number, decoded.problem);
      continue;
    }
    const parsed = parseAgentEvent(decoded.value);
    if (!parsed.ok) {
      decoder.skip();
      skipped.add(number, `not a valid event (${shortened(parsed.message)})`);
      continue;
    }
    const target = deltaTarget(parsed.value);
    if (target !== undefined && !messages.has(target)) {
      // A piece of a message this session does not have: nothing to place it in.
      decoder.passOver();
      skipped.add(number, `part of a message this session does not have (${shortened(target)})`);
      continue;
    }
    decoder.accept();
    noteMessageIds(parsed.value, messages);
    events.push(parsed.value);
  }
  return { header, format: decoder.format, events, problems: skipped.sentences() };
}

/** A stranger's words in a notice: a line's value may be megabytes long. */
function shortened(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function noteMessageIds(event: AgentEvent, messages: Set<string>): void {
  if ('messageId' in event && typeof event.messageId === 'string') messages.add(event.messageId);
  if (event.type === 'userMessageAdded' || event.type === 'compactBlockAdded')
    messages.add(event.message.id);
  if (event.type === 'messagesReplaced')
    for (const message of event.messages) messages.add(message.id);
}
