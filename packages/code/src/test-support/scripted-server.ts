// A scripted stand-in for Wave's protocol server (agent-sdk's createWaveServer), for UI unit
// tests only: a test decides which events it emits and when, and ends each turn, /btw answer
// and compaction itself. Its state is made by the shared session reducer, exactly like the
// real server's, and it answers the method table the way the real one does (turns framed by
// turnStarted/turnEnded, the queue, rewind cuts as events, failures as RpcErrors). The UI sees
// it only through the real @wave-agent/client and its in-process transport. (Runs with the real
// server and Agent: App.real-agent.test.tsx, and the CLI's end-to-end tests.)
import type { InProcessServer } from '@wave-agent/client';
import {
  applySessionEvent,
  conversationFrom,
  initialSessionState,
  isRpcMethodName,
  parseMethodParams,
  RPC_ERROR_CODES,
  RpcError,
} from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  ConversationState,
  FoundFile,
  Message,
  NewSessionFacts,
  PermissionDecision,
  PermissionQuestion,
  QueuedMessage,
  RewindRestoreTarget,
  RpcMethodName,
  RpcMethodParams,
  SessionEventBatch,
  SessionState,
  SessionSummary,
  TurnActivity,
} from '@wave-agent/shared-protocol';

type Peer = Parameters<InProcessServer['connect']>[0];
type Handlers = { readonly [M in RpcMethodName]?: (params: RpcMethodParams<M>) => unknown };

/** Validates the params as the real server does, then runs the script's answer. */
function dispatch<M extends RpcMethodName>(handlers: Handlers, method: M, raw: unknown): unknown {
  const parsed = parseMethodParams(method, raw);
  if (!parsed.ok) throw new RpcError(RPC_ERROR_CODES.invalidParams, parsed.message);
  const handler: Handlers[M] = handlers[method];
  if (!handler) throw new RpcError(RPC_ERROR_CODES.methodNotFound, `The script has no ${method}.`);
  return handler(parsed.value);
}

/** One /btw question the UI asked; the test streams its answer. */
export interface AskedSideQuestion {
  readonly btwId: string;
  readonly question: string;
  /** Delivers one delta of the answer, as the agent does. */
  readonly chunk: (text: string) => void;
  readonly finish: () => void;
  readonly fail: (error: Error) => void;
  /** Whether the UI put it away (closeBtw). */
  closed: boolean;
}

export interface CompactCall {
  readonly instructions: string | undefined;
  /** Ends it: ok appends a compact block with `summary`, like the agent. */
  readonly finish: (result: { ok: boolean; error?: string }, summary?: string) => void;
}

const TURN_RUNNING =
  'Cannot do that while a turn is running. Wait for it to end or call abortMessage first.';

export class ScriptedServer implements InProcessServer {
  state: SessionState;
  private seq = 0;
  private peer: Peer | undefined;
  /** Texts whose turns started, in order (a queued message once its turn comes). */
  readonly sent: string[] = [];
  readonly bangCommands: string[] = [];
  abortCount = 0;
  /** What `listSessions` returns. */
  sessions: SessionSummary[] = [];
  /** Files `listSessions` says it left out. */
  sessionProblems: string[] = [];
  /** What restoring a stored session gives (its messages, or the error); missing ids fail. */
  readonly storedSessions = new Map<string, readonly Message[] | Error>();
  readonly restoreCalls: string[] = [];
  readonly rewindCalls: { messageId: string; restore: RewindRestoreTarget }[] = [];
  /** What a rewind reports about files when it may rewind. */
  rewindFiles: { restored: string[]; conflicts: { path: string; reason: string }[] } = {
    restored: [],
    conflicts: [],
  };
  readonly compactCalls: CompactCall[] = [];
  readonly sideQuestions: AskedSideQuestion[] = [];
  /** Answers the UI gave to permission questions, in order. */
  readonly permissionAnswers: {
    requestId: string;
    decision: PermissionDecision;
    reason?: string;
  }[] = [];
  /** When set, `setModel` fails with it (the demo provider does). */
  modelError: string | undefined;
  /** When set, `sendMessage` refuses with it (as the agent refuses an image the model cannot take). */
  sendError: string | undefined;
  /** The work folder `findFiles` searches (a path's letters in order match), and the queries asked. */
  files: FoundFile[] = [];
  readonly fileQueries: string[] = [];
  /** Holds `findFiles`' answer to a query until the test lets it go. */
  fileAnswerGate: ((query: string) => Promise<void>) | undefined;
  private turnId: string | undefined;
  private queued = 0;
  private ids = 0;

  constructor(conversation?: ConversationState, facts: Partial<NewSessionFacts> = {}) {
    this.state = initialSessionState({
      sessionId: 'session-now',
      workdir: '/home/someone/projects/wave',
      permissionMode: 'default',
      model: { provider: 'demo', model: 'wave-demo', reason: 'no model is configured' },
      ...(conversation ? { conversation } : {}),
      ...facts,
    });
    this.routeId = this.state.sessionId;
  }

  get running(): boolean {
    return this.state.status.type === 'running';
  }

  connect(peer: Peer) {
    this.peer = peer;
    return {
      request: (method: string, params: unknown) => this.answer(method, params),
      close: () => {
        this.peer = undefined;
      },
    };
  }

  /** Whether a client is connected (the App's session is open). */
  get connected(): boolean {
    return this.peer !== undefined;
  }

  /** Emits events one by one, synchronously, as the agent's server does in-process. */
  emit(...events: AgentEvent[]): void {
    for (const event of events) {
      this.state = applySessionEvent(this.state, event);
      this.seq += 1;
      const batch: SessionEventBatch = {
        sessionId: this.routeId,
        fromSeq: this.seq,
        toSeq: this.seq,
        events: [event],
      };
      if (event.type === 'sessionReplaced') this.routeId = event.state.sessionId;
      this.peer?.send(batch);
    }
  }

  /** Starts a turn as if `text` had been sent (without its user message: tests emit those). */
  startTurn(text: string, activity: TurnActivity = 'reply'): void {
    this.sent.push(text);
    this.turnId = `turn-${++this.ids}`;
    this.emit({ type: 'turnStarted', turnId: this.turnId, startedAt: Date.now(), activity });
  }

  /** Ends the running turn; the next queued message's turn starts, as with the agent. */
  endTurn(stopReason: 'end_turn' | 'aborted' | 'error' = 'end_turn'): void {
    const turnId = this.turnId;
    if (turnId === undefined) return;
    this.turnId = undefined;
    this.emit({
      type: 'turnEnded',
      turnId,
      stopReason,
      usage: { inputTokens: 0, outputTokens: 0 },
      durationMs: 1,
    });
    const [next, ...rest] = this.state.queue;
    if (!next) return;
    this.emit({ type: 'queuedMessagesChanged', queued: rest });
    this.startTurn(next.text);
  }

  /** Asks the UI a permission question (as the agent's permission desk does). */
  askPermission(question: Partial<PermissionQuestion> & { readonly toolName: string }): string {
    const requestId = question.requestId ?? `request-${++this.ids}`;
    this.emit({
      type: 'permissionRequested',
      requestId,
      toolCallId: `call-${this.ids}`,
      input: '{}',
      reason: `${question.toolName} runs commands on your machine`,
      requestedAt: 0,
      ...question,
    });
    return requestId;
  }

  get queuedMessages(): readonly QueuedMessage[] {
    return this.state.queue;
  }

  private routeId: string;

  private snapshot() {
    return { state: this.state, seq: this.seq };
  }

  private answer(method: string, raw: unknown): unknown {
    if (!isRpcMethodName(method))
      throw new RpcError(RPC_ERROR_CODES.methodNotFound, `Unknown method ${method}.`);
    return dispatch(this.handlers, method, raw);
  }

  private readonly handlers: Handlers = {
    initialize: () => ({
      sessionId: this.state.sessionId,
      model: this.state.model.model,
      provider: this.state.model.provider,
      ...this.snapshot(),
    }),
    getSessionState: () => this.snapshot(),
    sendMessage: ({ text }) => {
      if (this.sendError) throw new RpcError(RPC_ERROR_CODES.invalidParams, this.sendError);
      if (!this.running) {
        this.startTurn(text);
        return { queued: false };
      }
      const queued = [...this.state.queue, { id: `queued-${++this.queued}`, text }];
      this.emit({ type: 'queuedMessagesChanged', queued });
      return { queued: true };
    },
    abortMessage: () => {
      this.abortCount += 1;
      return null;
    },
    bang: ({ command }) => {
      if (this.running) throw new RpcError(RPC_ERROR_CODES.turnInProgress, TURN_RUNNING);
      this.bangCommands.push(command);
      return null;
    },
    answerPermission: ({ requestId, decision, reason }) => {
      const waiting = this.state.permissionQuestions.some((q) => q.requestId === requestId);
      if (!waiting) return { answered: false };
      this.permissionAnswers.push({ requestId, decision, ...(reason ? { reason } : {}) });
      this.emit({ type: 'permissionResolved', requestId, decision, ...(reason ? { reason } : {}) });
      return { answered: true };
    },
    setPermissionMode: ({ mode }) => {
      if (mode !== this.state.permissionMode) this.emit({ type: 'permissionModeChanged', mode });
      return null;
    },
    setEffort: ({ effort }) => {
      if (effort !== this.state.effort) this.emit({ type: 'effortChanged', effort });
      return { effort };
    },
    setModel: ({ model }) => {
      if (this.modelError) throw new RpcError(RPC_ERROR_CODES.invalidParams, this.modelError);
      // A configured model by its name, like the agent; anything else a model id.
      const configured = this.state.models.find((entry) => entry.name === model);
      this.emit({
        type: 'modelChanged',
        provider: configured?.provider ?? this.state.model.provider,
        model: configured?.model ?? model,
        reason: 'chosen with /model in this session',
        ...(configured ? { name: configured.name } : {}),
      });
      return null;
    },
    listSessions: () => ({ sessions: this.sessions, problems: this.sessionProblems }),
    restoreSession: ({ storedSessionId }) => {
      this.restoreCalls.push(storedSessionId);
      const stored = this.storedSessions.get(storedSessionId);
      if (stored instanceof Error)
        throw new RpcError(RPC_ERROR_CODES.sessionNotFound, stored.message);
      if (stored === undefined)
        throw new RpcError(
          RPC_ERROR_CODES.sessionNotFound,
          `Cannot read session file /wave-home/sessions/${storedSessionId}.jsonl: there is no such session.`,
        );
      this.replaceWith(storedSessionId, stored);
      return { sessionId: storedSessionId, problems: [] };
    },
    clearMessages: () => {
      this.replaceWith(`session-${this.restoreCalls.length + 1}-cleared`, []);
      return { sessionId: this.state.sessionId };
    },
    rewindToMessage: ({ messageId, restore = 'both', requestId }) => {
      this.rewindCalls.push({ messageId, restore });
      if (this.running)
        return {
          ok: false,
          error: 'A turn is running; abort it (Esc) before rewinding.',
          conversationCut: false,
          restoredFiles: [],
          conflicts: [],
        };
      if (restore !== 'files')
        this.emit({
          type: 'messagesRewound',
          anchorMessageId: messageId,
          ...(requestId !== undefined ? { requestId } : {}),
        });
      const files = restore === 'conversation' ? { restored: [], conflicts: [] } : this.rewindFiles;
      return {
        ok: true,
        conversationCut: restore !== 'files',
        restoredFiles: files.restored,
        conflicts: files.conflicts,
      };
    },
    compact: ({ instructions }) => {
      if (this.running) throw new RpcError(RPC_ERROR_CODES.turnInProgress, TURN_RUNNING);
      this.startTurn('/compact', 'compaction');
      return new Promise((resolve, reject) => {
        this.compactCalls.push({
          instructions,
          finish: (result, summary = 'A summary of the conversation.') => {
            if (result.ok) {
              this.emit({
                type: 'compactBlockAdded',
                message: {
                  id: `compact-${this.compactCalls.length}`,
                  role: 'system',
                  createdAt: 0,
                  blocks: [{ type: 'compact', summary }],
                },
              });
            }
            this.endTurn(result.ok ? 'end_turn' : 'error');
            if (result.ok) resolve(null);
            else
              reject(
                new RpcError(RPC_ERROR_CODES.internalError, result.error ?? 'Compaction failed.'),
              );
          },
        });
      });
    },
    askBtw: ({ question }) => {
      const btwId = `btw-${++this.ids}`;
      this.emit({ type: 'btwStarted', btwId, question, startedAt: 0 });
      const asked: AskedSideQuestion = {
        btwId,
        question,
        closed: false,
        chunk: (chunk) => this.emit({ type: 'btwUpdated', btwId, chunk }),
        finish: () => this.emit({ type: 'btwEnded', btwId }),
        // As the agent says it.
        fail: (error) =>
          this.emit({
            type: 'btwEnded',
            btwId,
            error: `Wave could not answer this side question: ${error.message} Ask again in a moment.`,
          }),
      };
      this.sideQuestions.push(asked);
      return { btwId };
    },
    closeBtw: ({ btwId }) => {
      const asked = this.sideQuestions.find((q) => q.btwId === btwId);
      if (asked) asked.closed = true;
      if (this.state.btw?.btwId === btwId) this.emit({ type: 'btwClosed', btwId });
      return null;
    },
    findFiles: async ({ query }) => {
      this.fileQueries.push(query);
      await this.fileAnswerGate?.(query);
      const letters = new RegExp([...query].map((c) => c.replace(/\W/, '\\$&')).join('.*'));
      return { files: this.files.filter((file) => letters.test(file.path)) };
    },
    editQueuedMessage: ({ id, text }) => {
      this.changeQueue(id, (queue) => queue.map((q) => (q.id === id ? { ...q, text } : q)));
      return null;
    },
    removeQueuedMessage: ({ id }) => {
      this.changeQueue(id, (queue) => queue.filter((q) => q.id !== id));
      return null;
    },
  };

  private changeQueue(
    id: string,
    change: (queue: readonly QueuedMessage[]) => readonly QueuedMessage[],
  ): void {
    if (!this.state.queue.some((q) => q.id === id))
      throw new RpcError(RPC_ERROR_CODES.queuedMessageNotFound, `No queued message "${id}".`);
    this.emit({ type: 'queuedMessagesChanged', queued: change(this.state.queue) });
  }

  private replaceWith(sessionId: string, messages: readonly Message[]): void {
    this.emit({
      type: 'sessionReplaced',
      state: {
        ...initialSessionState({
          sessionId,
          workdir: this.state.workdir,
          permissionMode: this.state.permissionMode,
          model: this.state.model,
        }),
        conversation: conversationFrom(messages),
      },
    });
  }
}
