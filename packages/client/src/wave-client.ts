// The host side of Wave's protocol: one client per host (a terminal UI, a webview, an editor
// extension), over any transport. It opens or attaches sessions and hands out their handles,
// routes each batch of events to its session, validates what crosses a boundary, says once what
// it could not use, and — when a server restarts — opens every session again from disk.
import {
  errorText,
  isRecord,
  parseAgentEvent,
  parseMethodResult,
  parseNotification,
  RPC_ERROR_CODES,
  RpcError,
} from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  InitializeParams,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
  SessionEventBatch,
  SessionSnapshot,
  SessionSummary,
} from '@wave-agent/shared-protocol';
import { Listeners } from './listeners.js';
import { RELAYED_EVENTS_READ } from './session-handle.js';
import { Problems } from './problems.js';
import { SessionHandle } from './session-handle.js';
import type { HandleOwner } from './session-handle.js';
import type { ServerRequestHandler, Transport, TransportStatus } from './transport.js';

export interface WaveClientOptions {
  /** Answers requests the server sends (e.g. requestWorkspaceTrust); without it they are refused. */
  readonly onServerRequest?: ServerRequestHandler;
  /**
   * After a restart, how long a session this client attached to (rather than opened) waits for
   * its opener to open it again. Default 5 s.
   */
  readonly reattachTimeoutMs?: number;
  /**
   * `live` (default): every handle applies every batch of its session (a UI that shows it).
   * `onDemand`: for a host that only relays batches to the views that show them (an extension
   * host, Electron's main process): handles follow their session's id through clears and
   * restores but validate and apply nothing else; `handle.read()` pulls the state when the host
   * needs it (ARCHITECTURE §6).
   */
  readonly sessionState?: 'live' | 'onDemand';
}

const DEFAULT_REATTACH_TIMEOUT_MS = 5000;
const REATTACH_RETRY_MS = 100;

/** The session is not open on the (new) server yet: its opener has not opened it again. */
function notOpenYet(error: unknown): boolean {
  return (
    error instanceof RpcError &&
    (error.code === RPC_ERROR_CODES.sessionNotFound ||
      error.code === RPC_ERROR_CODES.notInitialized)
  );
}

export class WaveClient {
  private readonly handles = new Map<string, SessionHandle>();
  private readonly problemLog = new Problems();
  private readonly statuses = new Listeners<[TransportStatus]>();
  private readonly owner: HandleOwner;
  private readonly detachTransport: (() => void)[];
  private epoch: number;
  private readonly reattachTimeoutMs: number;
  private readonly live: boolean;

  constructor(
    readonly transport: Transport,
    options: WaveClientOptions = {},
  ) {
    this.reattachTimeoutMs = options.reattachTimeoutMs ?? DEFAULT_REATTACH_TIMEOUT_MS;
    if (options.onServerRequest) transport.setServerRequestHandler(options.onServerRequest);
    this.epoch = transport.status.state === 'connected' ? transport.status.epoch : 0;
    const live = options.sessionState !== 'onDemand';
    this.live = live;
    this.owner = {
      live,
      request: (method, params) => this.request(method, params),
      renamed: (handle, oldId) => {
        if (this.handles.get(oldId) === handle) this.handles.delete(oldId);
        this.handles.set(handle.id, handle);
      },
      forget: (handle) => {
        if (this.handles.get(handle.id) === handle) this.handles.delete(handle.id);
      },
      reportListenerError: (error) =>
        this.problemLog.report(`A session listener threw: ${errorText(error)}`),
      report: (problem) => this.problemLog.report(problem),
    };
    this.detachTransport = [
      transport.onNotification((method, params) => this.receive(method, params)),
      transport.onStatus((status) => this.statusChanged(status)),
      transport.onProblem((problem) => this.problemLog.report(problem)),
    ];
  }

  /** Where the connection to the server stands. */
  get status(): TransportStatus {
    return this.transport.status;
  }

  /** Told when the connection changes: connected, restarting (with why), crashed (with why). */
  onStatus(listener: (status: TransportStatus) => void): () => void {
    return this.statuses.add(listener);
  }

  /** What the client could not use and skipped, each said once. */
  get problems(): readonly string[] {
    return this.problemLog.all;
  }

  onProblem(listener: (problem: string) => void): () => void {
    return this.problemLog.onProblem(listener);
  }

  /** One request of the method table; across a boundary its result is validated. */
  async request<M extends RpcMethodName>(
    method: M,
    params: RpcMethodParams<M>,
  ): Promise<RpcMethodResult<M>> {
    const raw = await this.transport.request(method, params);
    if (!this.transport.validates) {
      // In-process: the server's own, typed result.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      return raw as RpcMethodResult<M>;
    }
    const parsed = parseMethodResult(method, raw);
    if (parsed.ok) return parsed.value;
    const problem = `Wave answered ${method} with something this client cannot read (${parsed.message}); it may be a newer version.`;
    this.problemLog.report(problem);
    throw new Error(problem);
  }

  /** Opens a session (a new one, or a stored one when `params.sessionId` names it). */
  async open(params: InitializeParams): Promise<SessionHandle> {
    const { state, seq } = await this.request('initialize', params);
    return this.adopt({ state, seq }, params);
  }

  /** Joins a session another host opened (a second window, a reloaded webview). */
  async attach(sessionId: string): Promise<SessionHandle> {
    const held = this.handles.get(sessionId);
    if (held) return held;
    return this.adopt(await this.request('attachSession', { sessionId }), undefined);
  }

  /** The stored sessions of a folder (default: the one Wave was started in), newest first. */
  async listSessions(workdir?: string): Promise<readonly SessionSummary[]> {
    const { sessions } = await this.request(
      'listSessions',
      workdir === undefined ? {} : { workdir },
    );
    return sessions;
  }

  /** The handle of an open session, if this client holds it. */
  session(sessionId: string): SessionHandle | undefined {
    return this.handles.get(sessionId);
  }

  /** Stops listening to the transport (which the host closes itself when it owns it). */
  dispose(): void {
    for (const detach of this.detachTransport) detach();
    this.handles.clear();
  }

  private adopt(snapshot: SessionSnapshot, openParams: InitializeParams | undefined) {
    const existing = this.handles.get(snapshot.state.sessionId);
    if (existing) return existing;
    const handle = new SessionHandle(this.owner, snapshot, openParams);
    this.handles.set(handle.id, handle);
    return handle;
  }

  private receive(method: string, params: unknown): void {
    if (method !== 'sessionEvents') {
      this.problemLog.report(
        `Skipped the notification "${method}": this client does not know it (sent by a newer Wave?).`,
      );
      return;
    }
    const batch = this.readBatch(params);
    if (!batch) return;
    this.handles.get(batch.sessionId)?.receive(batch.fromSeq, batch.toSeq, batch.events);
  }

  private readBatch(params: unknown): SessionEventBatch | undefined {
    if (!this.transport.validates) {
      // In-process: the server's own batch, passed by reference.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      return params as SessionEventBatch;
    }
    const parsed = parseNotification('sessionEvents', params);
    if (!parsed.ok) {
      this.problemLog.report(`Skipped a batch of events: ${parsed.message}.`);
      return undefined;
    }
    const events: AgentEvent[] = [];
    for (const raw of parsed.value.events) {
      // A relaying client reads only what its handles read (a replace, the questions).
      if (!this.live && !(isRecord(raw) && RELAYED_EVENTS_READ.has(String(raw.type)))) continue;
      const event = parseAgentEvent(raw);
      if (event.ok) events.push(event.value);
      else this.problemLog.report(`Skipped an event: ${event.message}.`);
    }
    return { ...parsed.value, events };
  }

  private statusChanged(status: TransportStatus): void {
    this.statuses.emit(status);
    if (status.state !== 'connected' || status.epoch === this.epoch) return;
    this.epoch = status.epoch;
    for (const handle of new Set(this.handles.values())) void this.reopen(handle);
  }

  /**
   * A new server knows no open session: each one is opened again from its file. What was shown
   * stays (the file holds every event that was sent, and more), a turn the crash cut off is
   * marked by the server's notice, and the user's own choices of mode and model are put back.
   */
  private async reopen(handle: SessionHandle): Promise<void> {
    const before = handle.getSnapshot();
    try {
      const { state, seq } = handle.openParams
        ? await this.request('initialize', { ...handle.openParams, sessionId: handle.id })
        : await this.reattach(handle.id, before.workdir);
      handle.restarted({ state, seq });
      if (state.permissionMode !== before.permissionMode)
        await handle.setPermissionMode(before.permissionMode);
      // A configured model by its name: its model id alone would go to the current endpoint.
      const model = before.model.name ?? before.model.model;
      if (state.model.model !== before.model.model || state.model.name !== before.model.name)
        await handle.setModel(model);
    } catch (error) {
      this.problemLog.report(
        `Could not open session ${handle.id} again after Wave restarted: ${errorText(error)}`,
      );
    }
  }

  /**
   * A session this client attached to belongs to the host that opened it, with that host's
   * provider, endpoint and key. Opening it here first would make the server keep a session
   * without them, so this waits (bounded) for the opener to open it again and attaches; only
   * when nobody does is it opened from its file with the folder's own settings.
   */
  private async reattach(sessionId: string, workdir: string): Promise<SessionSnapshot> {
    const deadline = Date.now() + this.reattachTimeoutMs;
    for (;;) {
      try {
        return await this.request('attachSession', { sessionId });
      } catch (error) {
        if (!notOpenYet(error)) throw error;
        if (Date.now() >= deadline) break;
      }
      await new Promise((resolve) => setTimeout(resolve, REATTACH_RETRY_MS));
    }
    this.problemLog.report(
      `Session ${sessionId} was not opened again by the host that opened it within ${this.reattachTimeoutMs} ms after Wave restarted; it was opened from its file with this folder's own settings.`,
    );
    const { state, seq } = await this.request('initialize', { workdir, sessionId });
    return { state, seq };
  }
}
