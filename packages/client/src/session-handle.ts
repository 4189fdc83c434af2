// One open session, as a host uses it: its state (a store a UI subscribes to) and its requests,
// typed by the method table. A handle follows its session through clears and restores (the
// session's id changes; the handle stays).
import type {
  AgentEvent,
  AttachmentInput,
  EffortLevel,
  InitializeParams,
  PermissionDecision,
  PermissionMode,
  UserAnswer,
  RewindRestoreTarget,
  RewindToMessageResult,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
  SessionMethodName,
  SessionMethodParams,
  SessionSnapshot,
  SessionState,
  SessionSummary,
} from '@wave-agent/shared-protocol';
import type { BatchOutcome } from './session-store.js';
import { SessionStore } from './session-store.js';
import { errorText } from '@wave-agent/shared-protocol';

/**
 * The events a relaying host's handle reads (it applies none of them): a replace (it may rename the
 * session), and the permission questions, whose coming and going make it pull the state so a host
 * can show a waiting question (VS Code's diff of a proposed change) without reducing every delta.
 */
const QUESTION_EVENTS: ReadonlySet<string> = new Set(['permissionRequested', 'permissionResolved']);
export const RELAYED_EVENTS_READ: ReadonlySet<string> = new Set([
  'sessionReplaced',
  ...QUESTION_EVENTS,
]);

/** What a handle needs of its client. */
export interface HandleOwner {
  /** False for a host that only relays: the handle follows its session's id, applies nothing. */
  readonly live: boolean;
  request<M extends RpcMethodName>(
    method: M,
    params: RpcMethodParams<M>,
  ): Promise<RpcMethodResult<M>>;
  /** The handle's session now has this id. */
  renamed(handle: SessionHandle, oldId: string): void;
  forget(handle: SessionHandle): void;
  reportListenerError(error: unknown): void;
  report(problem: string): void;
}

interface HeldBatch {
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly events: readonly AgentEvent[];
}

export class SessionHandle {
  private readonly store: SessionStore;
  private currentId: string;
  private pulling: Promise<void> | undefined;
  /** Batches that arrived while a pull was on its way: applied after its answer, in order. */
  private held: HeldBatch[] = [];
  /**
   * A clear or restore on its way. The server files the session under a new id before it
   * answers (and the answer follows the event that names it), so a request sent meanwhile
   * under the old id would find no session: it waits for the answer, then goes to the new one.
   */
  private replacing: Promise<unknown> | undefined;

  constructor(
    private readonly owner: HandleOwner,
    opened: SessionSnapshot,
    /** What opened the session, so it can be opened again after the server restarts. */
    readonly openParams: InitializeParams | undefined,
  ) {
    this.store = new SessionStore(opened, (error) => owner.reportListenerError(error));
    this.currentId = opened.state.sessionId;
  }

  /** The session's id now (it changes when the conversation is cleared or another restored). */
  get id(): string {
    return this.currentId;
  }

  /** The whole session state; immutable, a new object only when something changed. */
  readonly getSnapshot = (): SessionState => this.store.getSnapshot();

  /** Called after every change of the snapshot (for React's useSyncExternalStore). */
  readonly subscribe = (onChange: () => void): (() => void) => this.store.subscribe(onChange);

  /** Every event as it is applied, with the state after it; a pull arrives as `sessionReplaced`. */
  onEvent(listener: (event: AgentEvent, state: SessionState) => void): () => void {
    return this.store.onEvent(listener);
  }

  /**
   * The session state now: the live snapshot, or — for a relaying host's client
   * (`sessionState: 'onDemand'`) — a pull made for this read.
   */
  async read(): Promise<SessionState> {
    if (!this.owner.live) await this.refresh();
    return this.getSnapshot();
  }

  /** The number of the last event the snapshot includes. */
  get seq(): number {
    return this.store.lastSeq;
  }

  // --- Requests. Each resolves when the server has answered; state changes arrive as events.

  /**
   * Any session method of the table (RPC_METHODS), typed by it: the params without the session's
   * id (the handle adds it), the result as the table says. A method added to the table is
   * callable here at once; the named methods below are conveniences over it.
   */
  async request<M extends SessionMethodName>(
    method: M,
    params: SessionMethodParams<M>,
  ): Promise<RpcMethodResult<M>> {
    // Whatever a clear or restore on its way ended in, the request goes to the id it left.
    if (this.replacing) await this.replacing.catch(() => undefined);
    return this.send(method, params);
  }

  /** `queued: true` when a turn was running: the text waits in the queue (in the state). */
  sendMessage(
    text: string,
    attachments?: readonly AttachmentInput[],
  ): Promise<{ readonly queued: boolean }> {
    return this.request(
      'sendMessage',
      attachments && attachments.length > 0 ? { text, attachments: [...attachments] } : { text },
    );
  }

  /** Stops the running turn; any permission question it waited on is withdrawn. */
  async abort(): Promise<void> {
    await this.request('abortMessage', {});
  }

  /** Answers a question of `getSnapshot().permissionQuestions`; false if it no longer waits. */
  async answerPermission(
    requestId: string,
    decision: PermissionDecision,
    reason?: string,
  ): Promise<boolean> {
    const params = reason === undefined ? { requestId, decision } : { requestId, decision, reason };
    return (await this.request('answerPermission', params)).answered;
  }

  /** Answers a question of `getSnapshot().userQuestions`; false if it no longer waits. */
  async answerUserQuestion(requestId: string, answer: UserAnswer): Promise<boolean> {
    return (await this.request('answerUserQuestion', { requestId, answer })).answered;
  }

  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.request('setPermissionMode', { mode });
  }

  /** Switches the model for the rest of the session; rejects with a sentence when it cannot. */
  async setModel(model: string): Promise<void> {
    await this.request('setModel', { model });
  }

  /** How hard the model thinks from its next call; `note` says when this model has no thinking. */
  setEffort(effort: EffortLevel): Promise<{ effort: EffortLevel; note?: string }> {
    return this.request('setEffort', { effort });
  }

  /** Stops an MCP server of the session (if it runs) and starts it again; rejects for an unknown name. */
  async restartMcpServer(server: string): Promise<void> {
    await this.request('restartMcpServer', { server });
  }

  /** Runs `!command` as a user message (refused while a turn runs). */
  async bang(command: string): Promise<void> {
    await this.request('bang', { command });
  }

  /** Folds the model context into a summary; resolves when it is done. */
  async compact(instructions?: string): Promise<void> {
    await this.request('compact', instructions === undefined ? {} : { instructions });
  }

  /** Asks a side question; its answer streams into `getSnapshot().btw`. Returns its id. */
  async askBtw(question: string): Promise<string> {
    return (await this.request('askBtw', { question })).btwId;
  }

  async closeBtw(btwId: string): Promise<void> {
    await this.request('closeBtw', { btwId });
  }

  /** Cuts the conversation before a user message and/or puts files back; the cut is an event. */
  rewind(
    messageId: string,
    options: { readonly restore?: RewindRestoreTarget; readonly requestId?: string } = {},
  ): Promise<RewindToMessageResult> {
    return this.request('rewindToMessage', { messageId, ...options });
  }

  /** Starts a new, empty conversation in this handle (the session gets a new id). */
  async clear(): Promise<void> {
    await this.replace(() => this.send('clearMessages', {}));
  }

  /** Switches this handle to a stored session of its folder (listSessions). */
  async restore(storedSessionId: string): Promise<{ readonly problems: readonly string[] }> {
    return this.replace(() => this.send('restoreSession', { storedSessionId }));
  }

  async editQueuedMessage(id: string, text: string): Promise<void> {
    await this.request('editQueuedMessage', { id, text });
  }

  async removeQueuedMessage(id: string): Promise<void> {
    await this.request('removeQueuedMessage', { id });
  }

  /** The stored sessions of this session's folder, newest first, and the files left out. */
  async listSessions(): Promise<{
    readonly sessions: readonly SessionSummary[];
    readonly problems: readonly string[];
  }> {
    const { sessions, problems = [] } = await this.owner.request('listSessions', {
      workdir: this.getSnapshot().workdir,
    });
    return { sessions, problems };
  }

  /** Pulls the whole state: it replaces this one, batches after it append. */
  refresh(): Promise<void> {
    this.pulling ??= this.request('getSessionState', {}).then(
      (snapshot) => {
        this.pulling = undefined;
        this.store.replace(snapshot);
        const held = this.held;
        this.held = [];
        for (const batch of held) this.receive(batch.fromSeq, batch.toSeq, batch.events);
        this.follow();
      },
      (error: unknown) => {
        this.pulling = undefined;
        this.held = [];
        throw error;
      },
    );
    return this.pulling;
  }

  /** Stops receiving this session's events here; the session goes on for other hosts. */
  async detach(): Promise<void> {
    this.owner.forget(this);
    await this.request('detachSession', {});
  }

  /** Ends the session for every host (its file keeps the conversation). */
  async close(): Promise<void> {
    this.owner.forget(this);
    await this.request('destroy', {});
  }

  // --- For the client.

  /**
   * A batch of this session's events. A gap makes the handle pull (it never silently diverges);
   * while a pull is on its way, batches wait for its answer.
   */
  receive(fromSeq: number, toSeq: number, events: readonly AgentEvent[]): BatchOutcome | 'held' {
    if (this.pulling) {
      this.held.push({ fromSeq, toSeq, events });
      return 'held';
    }
    if (!this.owner.live) {
      // Relaying: a replace may give the session a new id; a question asked or answered is
      // read by a pull (subscribers hear of it then).
      const replaced = events.findLast((event) => event.type === 'sessionReplaced');
      if (replaced?.type === 'sessionReplaced')
        this.store.replace({ state: replaced.state, seq: toSeq });
      this.follow();
      if (events.some((event) => QUESTION_EVENTS.has(event.type)))
        void this.refresh().catch((error: unknown) =>
          this.owner.report(
            `The state of session ${this.currentId} could not be read after a permission question changed (${errorText(error)}); a waiting question may show late.`,
          ),
        );
      return 'covered';
    }
    const outcome = this.store.applyBatch(fromSeq, toSeq, events);
    // The pull is sent after this batch arrived, so its answer includes it.
    if (outcome === 'gap')
      void this.refresh().catch((error: unknown) =>
        this.owner.report(
          `Events of session ${this.currentId} went missing and the pull that would heal it failed (${errorText(error)}); what is shown may be behind until the next pull.`,
        ),
      );
    this.follow();
    return outcome;
  }

  /** The session as a new server opened it (after a restart): it replaces what was held. */
  restarted(snapshot: SessionSnapshot): void {
    this.store.replace(snapshot, true);
    this.follow();
  }

  private follow(): void {
    const id = this.store.getSnapshot().sessionId;
    if (id === this.currentId) return;
    const oldId = this.currentId;
    this.currentId = id;
    this.owner.renamed(this, oldId);
  }

  /** Runs a request that gives the session a new id; later requests wait for it (`replacing`). */
  private replace<T>(request: () => Promise<T>): Promise<T> {
    const before = this.replacing;
    const run = (before ? before.then(request, request) : request()).finally(() => {
      if (this.replacing === run) this.replacing = undefined;
    });
    this.replacing = run;
    return run;
  }

  private send<M extends SessionMethodName>(
    method: M,
    params: SessionMethodParams<M>,
  ): Promise<RpcMethodResult<M>> {
    // Every session method's params are its own plus the session's id.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    const withId = { ...params, sessionId: this.currentId } as RpcMethodParams<M>;
    return this.owner.request(method, withId);
  }
}
