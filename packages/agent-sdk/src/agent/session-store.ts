// Where the session lives on disk: its event file and its per-turn file checkpoints. A new
// session's file appears with its first event; a stored one is reopened to append to it. The
// summary sidecar (for listing) is rewritten when a turn ends.
import { constants, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AgentEvent,
  NewSessionFacts,
  SessionOrigin,
  SessionState,
} from '@wave-agent/shared-protocol';
import { FileCheckpoints } from '../checkpoints/file-checkpoints.js';
import type { EventSink } from '../events/event-hub.js';
import type { Logger } from '../logger.js';
import { restoreSession } from '../session/restore-session.js';
import type { RestoredSession } from '../session/restore-session.js';
import { SessionSink } from '../session/session-sink.js';
import { sessionPathFor, titleOf, writeSummary } from '../session/session-summary.js';

export interface SessionStoreOptions {
  readonly waveHome: string;
  readonly workdir: string;
  /** False: nothing is written (no file, no checkpoints). */
  readonly persist: boolean;
  readonly logger: Logger;
  /** Tells the user, once, in words, when checkpoints stop (Wave's folder cannot be written). */
  readonly warn: (message: string) => void;
  /** How new sessions are started (recorded in their header and summary). */
  readonly origin?: SessionOrigin;
}

export class SessionStore implements EventSink {
  private sink: SessionSink | undefined;
  private files: FileCheckpoints | undefined;
  private id = '';
  /** The current session's origin: this store's for a new one, the file's for a stored one. */
  private origin: SessionOrigin | undefined;

  constructor(private readonly options: SessionStoreOptions) {}

  /** The file checkpoints of the current session; undefined when nothing is persisted. */
  get checkpoints(): FileCheckpoints | undefined {
    return this.files;
  }

  /** Where the current session is (or will be, from its first event) stored. */
  get path(): string | undefined {
    return this.sink
      ? sessionPathFor(this.options.waveHome, this.options.workdir, this.id)
      : undefined;
  }

  append(event: AgentEvent): void {
    this.sink?.append(event);
  }

  /** A new session: its file appears with its first event. */
  startFresh(sessionId: string): void {
    this.sink?.close();
    this.id = sessionId;
    const { persist, waveHome, workdir, origin } = this.options;
    this.origin = origin;
    this.sink = persist
      ? SessionSink.fresh(
          waveHome,
          { id: sessionId, workdir, createdAt: Date.now(), ...(origin ? { origin } : {}) },
          sessionPathFor(waveHome, workdir, sessionId),
        )
      : undefined;
    this.files = persist ? this.checkpointsFor(sessionId) : undefined;
  }

  /**
   * Reads a stored session of this working directory and goes on as `storedAs`: the same id
   * appends to its file; another id (a fork) starts as a copy of it, and the stored one stays as
   * it was. Without persistence, nothing is written to either.
   */
  openStored(
    sessionId: string,
    storedAs: string,
    facts: Omit<NewSessionFacts, 'sessionId'>,
  ): RestoredSession {
    const { waveHome, workdir, persist } = this.options;
    const source = sessionPathFor(waveHome, workdir, sessionId);
    const path = sessionPathFor(waveHome, workdir, storedAs);
    // The id is the file's name, not its header's: a copied file is a session of its own.
    const restored = restoreSession(source, { ...facts, sessionId: storedAs });
    // COPYFILE_EXCL: a fork never overwrites a session that already has its id.
    if (persist && path !== source) copyFileSync(source, path, constants.COPYFILE_EXCL);
    this.sink?.close();
    this.id = storedAs;
    this.origin = restored.header.origin;
    this.sink = persist ? SessionSink.resumed(path, restored.format) : undefined;
    this.files = persist ? this.checkpointsFor(storedAs) : undefined;
    return restored;
  }

  /** Rewrites the listing summary; a failure only costs a rebuild when listing, so it is logged. */
  writeSummary(state: SessionState): void {
    const path = this.path;
    if (!path || !this.sink?.path) return;
    const messages = state.conversation.messages;
    try {
      writeSummary({
        id: this.id,
        workdir: this.options.workdir,
        path,
        title: state.title ?? titleOf(messages),
        createdAt: messages[0]?.createdAt ?? Date.now(),
        updatedAt: Date.now(),
        messageCount: messages.length,
        ...(this.origin ? { origin: this.origin } : {}),
      });
    } catch (error) {
      this.options.logger.warn(
        `Could not write the session summary beside ${path}; listing will rebuild it.`,
        error,
      );
    }
  }

  close(): void {
    this.sink?.close();
    this.sink = undefined;
  }

  private checkpointsFor(sessionId: string): FileCheckpoints {
    return new FileCheckpoints(
      join(this.options.waveHome, 'checkpoints', sessionId),
      this.options.workdir,
      this.options.warn,
    );
  }
}
