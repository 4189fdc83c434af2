// A session on disk: one JSON line of metadata, then one line per event, appended with a
// synchronous write as each event is emitted. What a callback has seen is already in the file
// (the kernel has it), so a kill -9 mid-stream loses nothing that was shown.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { EventSink } from '../events/event-hub.js';
import { sessionsDir } from './session-paths.js';

export const SESSION_FORMAT_VERSION = 1;

export interface SessionHeader {
  readonly type: 'session';
  readonly version: number;
  readonly id: string;
  readonly workdir: string;
  readonly createdAt: number;
}

export class SessionFile implements EventSink {
  private fd: number | undefined;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** Creates the file for a new session and writes its header. */
  static create(waveHome: string, header: Omit<SessionHeader, 'type' | 'version'>): SessionFile {
    const dir = sessionsDir(waveHome, header.workdir);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${header.id}.jsonl`);
    const file = new SessionFile(path, openSync(path, 'a'));
    file.writeLine({
      type: 'session',
      version: SESSION_FORMAT_VERSION,
      ...header,
    } satisfies SessionHeader);
    return file;
  }

  /** Reopens an existing session file to append to it. */
  static reopen(path: string): SessionFile {
    return new SessionFile(path, openSync(path, 'a'));
  }

  append(event: AgentEvent): void {
    this.writeLine(event);
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private writeLine(value: unknown): void {
    if (this.fd === undefined) throw new Error(`Session file ${this.path} is closed.`);
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }
}
