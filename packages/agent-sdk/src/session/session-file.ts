// A session on disk: one JSON line of metadata, then one line per event (session-lines.ts),
// appended with a synchronous write as each event is emitted, before anyone is told of it. What
// a consumer has seen is therefore already in the kernel's hands, so a kill -9 mid-stream loses
// nothing that was shown. Wave does not fsync: a power cut may lose the last seconds the kernel
// had not yet written out, which costs far less than a disk flush per streamed chunk.
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { EventSink } from '../events/event-hub.js';
import { SessionLineEncoder } from './session-lines.js';
import type { SessionLineFormat } from './session-lines.js';
import { ToolStepTrim } from './tool-step-trim.js';
import { sessionsDir } from './session-paths.js';
import type { SessionOrigin } from '@wave-agent/shared-protocol';

/**
 * 2: deltas may be continuation lines. 3: continuation lines name the line they continue, so a
 * damaged line costs only itself. Format 1 and 2 files are read as before.
 */
export const SESSION_FORMAT_VERSION = 3;

export interface SessionHeader {
  readonly type: 'session';
  readonly version: number;
  readonly id: string;
  readonly workdir: string;
  readonly createdAt: number;
  /** How the session was started; absent in files written before Wave recorded it. */
  readonly origin?: SessionOrigin;
}

/**
 * Writes all of `text`: a write to a nearly full disk may take only part of it, then fail. The
 * string goes to the kernel as it is (no Buffer made for it, once per event); only a write cut
 * short is finished from its bytes.
 */
function writeFully(fd: number, text: string): void {
  const written = writeSync(fd, text);
  const length = Buffer.byteLength(text, 'utf8');
  if (written === length) return;
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = written; offset < length;) {
    offset += writeSync(fd, bytes, offset, length - offset);
  }
}

const TAIL_BLOCK = 64 * 1024;

/**
 * Cuts off a torn last line (Wave died while writing it), so the next event starts on a line of
 * its own instead of being glued to the torn one and lost with it. The torn bytes were never
 * complete, so no one was ever told of them. Returns whether anything was cut.
 */
function truncateTornTail(fd: number): boolean {
  const size = fstatSync(fd).size;
  const block = Buffer.alloc(TAIL_BLOCK);
  for (let end = size; end > 0; end -= TAIL_BLOCK) {
    const start = Math.max(0, end - TAIL_BLOCK);
    const read = readSync(fd, block, 0, end - start, start);
    const newline = block.subarray(0, read).lastIndexOf(0x0a);
    if (newline === -1) continue;
    const keep = start + newline + 1;
    if (keep === size) return false;
    ftruncateSync(fd, keep);
    return true;
  }
  // Not one complete line: not even the header made it. Leave it for the reader to reject.
  return false;
}

export class SessionFile implements EventSink {
  private fd: number | undefined;
  private readonly encoder: SessionLineEncoder;
  /** Format 2 leaves out of tool steps what the file already holds (tool-step-trim.ts). */
  private readonly trim: ToolStepTrim | undefined;

  private constructor(
    readonly path: string,
    fd: number,
    format: SessionLineFormat,
  ) {
    this.fd = fd;
    // A file stays in the format its header names, so an older Wave that read it still reads all
    // of it.
    this.encoder = new SessionLineEncoder(format);
    this.trim = format.version >= 2 ? new ToolStepTrim() : undefined;
  }

  /** Creates the file for a new session and writes its header. */
  static create(waveHome: string, header: Omit<SessionHeader, 'type' | 'version'>): SessionFile {
    const dir = sessionsDir(waveHome, header.workdir);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${header.id}.jsonl`);
    const file = new SessionFile(path, openSync(path, 'a'), {
      version: SESSION_FORMAT_VERSION,
      nextTemplate: 0,
    });
    file.writeLine(
      JSON.stringify({
        type: 'session',
        version: SESSION_FORMAT_VERSION,
        ...header,
      } satisfies SessionHeader),
    );
    return file;
  }

  /**
   * Reopens an existing session file (in the format its reader found) to append to it, first
   * cutting off a torn last line.
   */
  static reopen(path: string, format: SessionLineFormat): SessionFile {
    const fd = openSync(path, 'r+');
    try {
      truncateTornTail(fd);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    closeSync(fd);
    return new SessionFile(path, openSync(path, 'a'), format);
  }

  append(event: AgentEvent): void {
    const line = this.encoder.encode(this.trim ? this.trim.trim(event) : event);
    try {
      this.writeLine(line);
    } catch (error) {
      this.encoder.reset();
      this.trim?.reset();
      throw error;
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private writeLine(line: string): void {
    if (this.fd === undefined) throw new Error(`Session file ${this.path} is closed.`);
    writeFully(this.fd, `${line}\n`);
  }
}
