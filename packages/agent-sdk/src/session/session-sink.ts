// Where a session's events go: the file is created with the first event, so starting Wave and
// leaving without a word leaves no empty session behind. When the file cannot be written (a
// read-only or full disk), the sink gives up at once and says so in a SessionNotSavedError: the
// conversation goes on without it, and the user is told once, in words.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { EventSink } from '../events/event-hub.js';
import { SessionFile } from './session-file.js';
import type { SessionHeader } from './session-file.js';
import type { SessionLineFormat } from './session-lines.js';
import { sessionNotSaved } from '../storage/storage-problem.js';

/** Thrown by `append` the one time the file fails; its message is the warning for the user. */
export class SessionNotSavedError extends Error {
  override readonly name = 'SessionNotSavedError';
}

export class SessionSink implements EventSink {
  private file: SessionFile | undefined;
  private failed = false;

  private constructor(
    /** Where the file is (or will be), for the warning. */
    private readonly target: string,
    private readonly open: () => SessionFile,
    file?: SessionFile,
  ) {
    this.file = file;
  }

  /** A new session: its file appears with the first event. */
  static fresh(
    waveHome: string,
    header: Omit<SessionHeader, 'type' | 'version'>,
    target: string,
  ): SessionSink {
    return new SessionSink(target, () => SessionFile.create(waveHome, header));
  }

  /** A restored session (in the format its reader found): events are appended to its file. */
  static resumed(path: string, format: SessionLineFormat): SessionSink {
    const open = () => SessionFile.reopen(path, format);
    return new SessionSink(path, open, open());
  }

  /** The file, once it exists and while it is being written. */
  get path(): string | undefined {
    return this.failed ? undefined : this.file?.path;
  }

  append(event: AgentEvent): void {
    if (this.failed) return;
    try {
      this.file ??= this.open();
      this.file.append(event);
    } catch (error) {
      this.failed = true;
      try {
        this.file?.close();
      } catch {
        // The write already failed; the warning below says so, and the descriptor is gone.
      }
      this.file = undefined;
      throw new SessionNotSavedError(sessionNotSaved(this.target, error), { cause: error });
    }
  }

  close(): void {
    try {
      this.file?.close();
    } finally {
      this.file = undefined;
    }
  }
}
