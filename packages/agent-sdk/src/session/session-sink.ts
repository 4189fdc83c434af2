// Where a session's events go: the file is created with the first event, so starting Wave and
// leaving without a word leaves no empty session behind.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { EventSink } from '../events/event-hub.js';
import { SessionFile } from './session-file.js';
import type { SessionHeader } from './session-file.js';

export class SessionSink implements EventSink {
  private file: SessionFile | undefined;

  private constructor(
    private readonly open: () => SessionFile,
    file?: SessionFile,
  ) {
    this.file = file;
  }

  /** A new session: its file appears with the first event. */
  static fresh(waveHome: string, header: Omit<SessionHeader, 'type' | 'version'>): SessionSink {
    return new SessionSink(() => SessionFile.create(waveHome, header));
  }

  /** A restored session: events are appended to its existing file. */
  static resumed(path: string): SessionSink {
    return new SessionSink(() => SessionFile.reopen(path), SessionFile.reopen(path));
  }

  get path(): string | undefined {
    return this.file?.path;
  }

  append(event: AgentEvent): void {
    this.file ??= this.open();
    this.file.append(event);
  }

  close(): void {
    this.file?.close();
    this.file = undefined;
  }
}
