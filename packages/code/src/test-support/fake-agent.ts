// A scripted stand-in for the SDK's Agent, for UI unit tests only: a test decides which
// AgentEvents it emits and when; its state is made by the shared reducer, exactly like the real
// Agent's. Turns, the queue, sessions, rewind, compaction and /btw behave like the SDK's, but
// each one waits for the test to end it. (Real-agent end-to-end runs under a pseudo-terminal
// are the CLI's tests.)

import type {
  ListedSessions,
  RestoreResult,
  RewindRestore,
  RewindResult,
  SessionSummary,
} from '@wave-agent/agent-sdk';
import { applyEvent, emptyConversation } from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  ConversationState,
  Message,
  PermissionMode,
  QueuedMessage,
} from '@wave-agent/shared-protocol';
import type { UiAgent } from '../ui/agent-port.js';
import { createQueueFeed } from '../ui/queue/queue-feed.js';

interface QueuedTurn extends QueuedMessage {
  readonly settle: (result: { stopReason: string }) => void;
}

/** One /btw question the UI asked; the test streams its answer. */
export interface AskedSideQuestion {
  readonly question: string;
  readonly signal: AbortSignal | undefined;
  /** Delivers one delta of the answer, as the SDK does. */
  readonly chunk: (text: string) => void;
  readonly finish: () => void;
  readonly fail: (error: Error) => void;
}

export interface CompactCall {
  readonly instructions: string | undefined;
  /** Ends it: ok appends a compact block with `summary`, like the SDK. */
  readonly finish: (result: { ok: boolean; error?: string }, summary?: string) => void;
}

const TURN_RUNNING = 'A turn is already running. Wait for it to end or abort it first.';

export class FakeAgent implements UiAgent {
  state: ConversationState;
  permissionMode: PermissionMode = 'default';
  provider = { provider: 'demo', model: 'wave-demo', reason: 'no model is configured' };
  workdir = '/home/someone/projects/wave';
  sessionId = 'session-now';
  isRunning = false;
  /** Texts whose turns started, in order (a queued message once its turn comes). */
  readonly sent: string[] = [];
  readonly bangCommands: string[] = [];
  abortCount = 0;
  readonly queueFeed = createQueueFeed();
  /** What `listSessions` returns. */
  sessions: SessionSummary[] = [];
  sessionProblems: string[] = [];
  /** What `restoreSession(id)` restores, or the error it throws; a missing id throws too. */
  readonly storedSessions = new Map<string, readonly Message[] | Error>();
  readonly restoreCalls: string[] = [];
  readonly rewindCalls: { messageId: string; restore: RewindRestore }[] = [];
  /** What `rewind` reports when it may rewind. */
  rewindFiles: Pick<RewindResult, 'restored' | 'conflicts'> = { restored: [], conflicts: [] };
  readonly compactCalls: CompactCall[] = [];
  readonly sideQuestions: AskedSideQuestion[] = [];
  /** When set, `setModel` throws it (the demo provider does). */
  modelError: string | undefined;
  private queue: QueuedTurn[] = [];
  private queuedCount = 0;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  private finishTurn: (() => void) | undefined;

  constructor(initial: ConversationState = emptyConversation) {
    this.state = initial;
  }

  /** Emits events one by one, synchronously, like the SDK's emit. */
  emit(...events: AgentEvent[]): void {
    for (const event of events) {
      this.state = applyEvent(this.state, event);
      for (const listener of this.listeners) listener(event);
    }
  }

  runBang(command: string): Promise<number> {
    if (this.isRunning) return Promise.reject(new Error(TURN_RUNNING));
    this.bangCommands.push(command);
    return Promise.resolve(0);
  }

  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  sendMessage(text: string): Promise<unknown> {
    if (!this.isRunning) return this.startTurn(text);
    return new Promise((settle) => {
      this.queuedCount += 1;
      this.queue = [...this.queue, { id: `queued-${this.queuedCount}`, text, settle }];
      this.publishQueue();
    });
  }

  /** Ends the running turn; the next queued message's turn starts, as in the SDK. */
  endTurn(): void {
    const finish = this.finishTurn;
    this.finishTurn = undefined;
    this.isRunning = false;
    finish?.();
    const [next, ...rest] = this.queue;
    if (!next) return;
    this.queue = rest;
    this.publishQueue();
    void this.startTurn(next.text).then(() => next.settle({ stopReason: 'end_turn' }));
  }

  get queuedMessages(): readonly QueuedMessage[] {
    return this.queue.map(({ id, text }) => ({ id, text }));
  }

  editQueuedMessage(id: string, text: string): boolean {
    if (!this.queue.some((entry) => entry.id === id)) return false;
    this.queue = this.queue.map((entry) => (entry.id === id ? { ...entry, text } : entry));
    this.publishQueue();
    return true;
  }

  removeQueuedMessage(id: string): boolean {
    const entry = this.queue.find((candidate) => candidate.id === id);
    if (!entry) return false;
    this.queue = this.queue.filter((candidate) => candidate !== entry);
    this.publishQueue();
    entry.settle({ stopReason: 'removed' });
    return true;
  }

  abortMessage(): void {
    this.abortCount += 1;
  }

  setPermissionMode(mode: PermissionMode): void {
    this.permissionMode = mode;
  }

  setModel(model: string): void {
    if (this.modelError) throw new Error(this.modelError);
    this.provider = { ...this.provider, model, reason: 'chosen with /model in this session' };
  }

  listSessions(): ListedSessions {
    return { sessions: this.sessions, problems: this.sessionProblems };
  }

  restoreSession(sessionId: string): Promise<RestoreResult> {
    this.restoreCalls.push(sessionId);
    const stored = this.storedSessions.get(sessionId);
    if (stored instanceof Error) return Promise.reject(stored);
    if (stored === undefined) {
      return Promise.reject(
        new Error(
          `Cannot read session file /wave-home/sessions/${sessionId}.jsonl: ENOENT: no such file or directory`,
        ),
      );
    }
    this.sessionId = sessionId;
    this.emit({ type: 'messagesReplaced', messages: stored });
    return Promise.resolve({ sessionId, problems: [] });
  }

  /** What the host's /clear does with the real Agent: a new, empty conversation. */
  clear(): Promise<void> {
    this.sessionId = `session-${this.restoreCalls.length + 1}-cleared`;
    this.emit({ type: 'messagesReplaced', messages: [] });
    return Promise.resolve();
  }

  rewind(messageId: string, restore: RewindRestore): RewindResult {
    this.rewindCalls.push({ messageId, restore });
    const none = { restored: [], conflicts: [] };
    if (this.isRunning)
      return { ok: false, error: 'A turn is running; abort it (Esc) before rewinding.', ...none };
    if (restore !== 'files') this.emit({ type: 'messagesRewound', anchorMessageId: messageId });
    return { ok: true, ...(restore === 'conversation' ? none : this.rewindFiles) };
  }

  compact(instructions?: string): Promise<{ ok: boolean; error?: string }> {
    if (this.isRunning) return Promise.reject(new Error(TURN_RUNNING));
    this.isRunning = true;
    return new Promise((resolve) => {
      this.compactCalls.push({
        instructions,
        finish: (result, summary = 'A summary of the conversation.') => {
          this.isRunning = false;
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
          resolve(result);
        },
      });
    });
  }

  askBtw(question: string, onChunk: (chunk: string) => void, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      this.sideQuestions.push({
        question,
        signal,
        chunk: onChunk,
        finish: resolve,
        fail: reject,
      });
    });
  }

  private startTurn(text: string): Promise<void> {
    this.sent.push(text);
    this.isRunning = true;
    return new Promise<void>((resolve) => {
      this.finishTurn = resolve;
    });
  }

  private publishQueue(): void {
    this.queueFeed.publish(this.queuedMessages);
  }
}
