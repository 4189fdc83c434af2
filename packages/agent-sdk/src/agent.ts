// The Agent: the one object a consumer holds. It owns the conversation state (made by the
// shared reducer from the events it emits), runs turns, and tells subscribers every event.
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { LanguageModel } from 'ai';
import type {
  ConversationState,
  Message,
  PermissionMode,
  QueuedMessage,
  TurnStopReason,
  Usage,
} from '@wave-agent/shared-protocol';
import { emptyConversation } from '@wave-agent/shared-protocol';
import { runBang } from './bang/run-bang.js';
import { FileCheckpoints } from './checkpoints/file-checkpoints.js';
import type { RewindFilesResult } from './checkpoints/file-checkpoints.js';
import { needsCompaction, summarizeConversation } from './context/compaction.js';
import { buildSystemPrompt } from './context/system-prompt.js';
import type { AgentCallbacks, AgentEventListener } from './events/callbacks.js';
import { EventHub } from './events/event-hub.js';
import type { Logger } from './logger.js';
import { stderrLogger } from './logger.js';
import { runTurn } from './loop/turn-loop.js';
import type { RetryPolicy } from './loop/turn-loop.js';
import { askSideQuestion } from './loop/side-question.js';
import { MessageQueue } from './message-queue.js';
import { createLanguageModel } from './model/create-model.js';
import type { DemoModelOptions } from './model/demo-model.js';
import { createDemoModel } from './model/demo-model.js';
import { classifyModelError } from './model/model-errors.js';
import { resolveProvider } from './model/provider-settings.js';
import type { ProviderSettings, ResolvedProvider } from './model/provider-settings.js';
import { PermissionPolicy } from './permissions/permission-policy.js';
import type { CanUseTool } from './permissions/permission-request.js';
import { newSessionId } from './session/session-id.js';
import { resolveWaveHome } from './session/session-paths.js';
import { SessionSink } from './session/session-sink.js';
import { listSessions, sessionPathFor, titleOf, writeSummary } from './session/session-summary.js';
import type { ListedSessions } from './session/session-summary.js';
import { restoreSession } from './session/restore-session.js';
import { selectTools } from './tools/registry.js';
import type { ToolDefinition } from './tools/tool.js';

export interface AgentOptions extends ProviderSettings {
  readonly callbacks?: AgentCallbacks;
  /** Where tools work; relative paths resolve against it. Default: the process's cwd. */
  readonly workdir?: string;
  readonly permissionMode?: PermissionMode;
  /** Asked when a tool needs permission; without it such calls are denied with a reason. */
  readonly canUseTool?: CanUseTool;
  /** Tools that run without asking. */
  readonly allowedTools?: readonly string[];
  /** Tools the model is not given at all. */
  readonly disallowedTools?: readonly string[];
  /** Read-only tools of one response run concurrently. Default true. */
  readonly parallelToolCalls?: boolean;
  /** Model calls per user message. Default 50. */
  readonly maxTurns?: number;
  readonly logger?: Logger;
  /** Default $WAVE_HOME or ~/.wave. */
  readonly waveHome?: string;
  /** The environment to read configuration from. Default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Settings from files, weaker than env and explicit options. */
  readonly settings?: ProviderSettings;
  /** Write the session (and file checkpoints) under $WAVE_HOME. Default true. */
  readonly persistSession?: boolean;
  /** Continue this session (its id) instead of starting a new one. */
  readonly resumeSessionId?: string;
  readonly retry?: Partial<RetryPolicy>;
  readonly demo?: DemoModelOptions;
  /** The most tokens one model call may write. Default 8192 for Anthropic (it requires a limit). */
  readonly maxOutputTokens?: number;
  /** The model's context window in tokens; compaction starts near it. */
  readonly contextWindow?: number;
  /** Use this model instead of resolving one from the settings. */
  readonly languageModel?: LanguageModel;
  /** The queue of messages waiting for the running turn changed. */
  readonly onQueuedMessagesChange?: (queue: readonly QueuedMessage[]) => void;
}

export interface TurnResult {
  /** `removed`: the message was queued and then removed before its turn. */
  readonly stopReason: TurnStopReason;
  readonly error?: string;
  /** Tokens used by this turn's model calls. */
  readonly usage: Usage;
  readonly durationMs: number;
}

export type RewindRestore = 'conversation' | 'files' | 'both';

export interface RewindResult extends RewindFilesResult {
  readonly ok: boolean;
  /** Why nothing was done, when ok is false. */
  readonly error?: string;
}

export interface RestoreResult {
  readonly sessionId: string;
  /** Lines of the session file that were skipped, as sentences. */
  readonly problems: readonly string[];
}

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000, idleTimeoutMs: 90_000 };
const DEFAULT_CONTEXT_WINDOW: Readonly<Record<ResolvedProvider['provider'], number>> = {
  anthropic: 200_000,
  openai: 128_000,
  demo: Number.POSITIVE_INFINITY,
};
const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

function addUsage(total: Usage, more: Usage | undefined): Usage {
  if (!more) return total;
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    reasoningTokens: (total.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0),
    cachedInputTokens: (total.cachedInputTokens ?? 0) + (more.cachedInputTokens ?? 0),
  };
}

function usageOf(messages: readonly Message[]): Usage {
  return messages.reduce((total, message) => addUsage(total, message.usage), ZERO_USAGE);
}

export class Agent {
  private readonly hub: EventHub;
  private readonly permissions: PermissionPolicy;
  private readonly tools: readonly ToolDefinition<unknown>[];
  private model: LanguageModel;
  private resolved: ResolvedProvider;
  private readonly logger: Logger;
  private readonly queue: MessageQueue;
  private currentSessionId: string;
  private sink: SessionSink | undefined;
  private checkpoints: FileCheckpoints | undefined;
  private running: AbortController | undefined;
  /** Settles when the running turn (or bang, or compaction) has wound down. */
  private idle: Promise<void> = Promise.resolve();
  private destroyed = false;

  private constructor(
    private readonly options: AgentOptions,
    provider: ResolvedProvider,
    readonly workdir: string,
    readonly waveHome: string,
  ) {
    this.logger = options.logger ?? stderrLogger;
    this.resolved = provider;
    this.model =
      options.languageModel ??
      (provider.provider === 'demo'
        ? createDemoModel(options.demo)
        : createLanguageModel(provider));
    this.tools = selectTools({ disallowedTools: options.disallowedTools ?? [] });
    this.permissions = new PermissionPolicy(
      options.permissionMode ?? 'default',
      workdir,
      new Set(options.allowedTools ?? []),
      options.canUseTool,
      { waveHome },
    );
    this.queue = new MessageQueue((queue) => options.onQueuedMessagesChange?.(queue));
    this.currentSessionId = newSessionId();
    this.hub = new EventHub(options.callbacks ?? {}, this.logger, undefined);
    this.startSession(this.currentSessionId);
  }

  /** Resolves the model from options, env and settings; throws a ConfigError that says what to do. */
  // eslint-disable-next-line @typescript-eslint/require-await -- async so every failure is a rejection
  static async create(options: AgentOptions = {}): Promise<Agent> {
    const env = options.env ?? process.env;
    const provider = resolveProvider({
      explicit: options,
      env,
      ...(options.settings ? { files: options.settings } : {}),
    });
    const workdir = resolve(options.workdir ?? process.cwd());
    const agent = new Agent(options, provider, workdir, options.waveHome ?? resolveWaveHome(env));
    if (options.resumeSessionId) {
      try {
        agent.switchToStoredSession(options.resumeSessionId);
      } catch (error) {
        agent.destroy(); // Nothing of a half-made agent outlives the failure.
        throw error;
      }
    }
    return agent;
  }

  /** Sessions stored for a working directory, newest first. */
  static listSessions(
    options: {
      workdir?: string;
      waveHome?: string;
      env?: Readonly<Record<string, string | undefined>>;
    } = {},
  ): ListedSessions {
    return listSessions(
      options.waveHome ?? resolveWaveHome(options.env ?? process.env),
      resolve(options.workdir ?? process.cwd()),
    );
  }

  get messages(): readonly Message[] {
    return this.hub.state.messages;
  }

  /** The provider and model in use, and why they were chosen. */
  get provider(): ResolvedProvider {
    return this.resolved;
  }

  /**
   * Switches the model for the rest of this session (same provider, endpoint and key); the next
   * model call uses it. The demo provider has only its one scripted model.
   */
  setModel(model: string): void {
    const name = model.trim();
    if (!name) throw new Error('Name a model, e.g. /model claude-sonnet-4-5.');
    if (this.resolved.provider === 'demo') {
      throw new Error(
        'The offline demo has only its scripted model; configure a real provider to choose a model.',
      );
    }
    const resolved = {
      ...this.resolved,
      model: name,
      reason: 'chosen with /model in this session',
    };
    this.model = createLanguageModel(resolved);
    this.resolved = resolved;
  }

  get state(): ConversationState {
    return this.hub.state;
  }

  get sessionId(): string {
    return this.currentSessionId;
  }

  /** Where this session is (or will be, from its first event) stored; undefined when not persisted. */
  get sessionPath(): string | undefined {
    return this.sink
      ? sessionPathFor(this.waveHome, this.workdir, this.currentSessionId)
      : undefined;
  }

  get usage(): Usage {
    return usageOf(this.hub.state.messages);
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  get permissionMode(): PermissionMode {
    return this.permissions.permissionMode;
  }

  setPermissionMode(mode: PermissionMode): void {
    this.permissions.setMode(mode);
  }

  get toolNames(): readonly string[] {
    return this.tools.map((tool) => tool.name);
  }

  get queuedMessages(): readonly QueuedMessage[] {
    return this.queue.items;
  }

  editQueuedMessage(id: string, text: string): boolean {
    return this.queue.edit(id, text);
  }

  removeQueuedMessage(id: string): boolean {
    return this.queue.remove(id);
  }

  listSessions(): ListedSessions {
    return listSessions(this.waveHome, this.workdir);
  }

  /** Every event, in order; returns an unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void {
    return this.hub.subscribe(listener);
  }

  /**
   * Sends a user message and resolves when its whole turn (all tool rounds) has ended. While a
   * turn runs, the message is queued and sent when the turns before it have ended.
   */
  sendMessage(text: string): Promise<TurnResult> {
    this.assertAlive();
    if (!this.running) return this.runUserTurn(text);
    return new Promise<TurnResult>((settle) => {
      this.queue.add(text, {
        start: (queuedText) => void this.runUserTurn(queuedText).then(settle),
        cancel: () => settle({ stopReason: 'removed', usage: ZERO_USAGE, durationMs: 0 }),
      });
    });
  }

  /** Stops the running turn (or bang, or compaction); its partial content stays, well formed. */
  abortMessage(): void {
    this.running?.abort(new Error('Aborted by the user.'));
  }

  /** Runs `!command` as a user message with a live bang block; resolves with its exit code. */
  async runBang(command: string): Promise<number | null> {
    return this.exclusive(async (signal) => {
      const messageId = randomUUID();
      this.checkpoints?.beginTurn(messageId);
      try {
        return await runBang({
          messageId,
          command,
          workdir: this.workdir,
          signal,
          emit: (event) => this.hub.emit(event),
          now: Date.now,
          ...(this.checkpoints ? { beforeExecute: () => this.checkpoints!.beforeExecute() } : {}),
        });
      } finally {
        await this.checkpoints?.endTurn();
      }
    });
  }

  /**
   * Starts a new, empty conversation; the old session stays on disk. A running turn is aborted
   * and allowed to wind down first, so its last events land in the old session, not the new one.
   */
  async clear(): Promise<void> {
    await this.stopAndSettle();
    this.startSession(newSessionId());
    this.hub.replace(emptyConversation);
  }

  /** Continues a stored session of this working directory, replacing the current conversation. */
  async restoreSession(sessionId: string): Promise<RestoreResult> {
    await this.stopAndSettle();
    return this.switchToStoredSession(sessionId);
  }

  private async stopAndSettle(): Promise<void> {
    this.assertAlive();
    this.queue.cancelAll();
    this.abortMessage();
    await this.idle;
  }

  private switchToStoredSession(sessionId: string): RestoreResult {
    const path = sessionPathFor(this.waveHome, this.workdir, sessionId);
    const restored = restoreSession(path);
    this.sink?.close();
    // The id is the file's name, not its header's: a copied file is a session of its own.
    this.currentSessionId = sessionId;
    this.sink = SessionSink.resumed(path, restored.header.version);
    this.checkpoints = this.checkpointsFor(sessionId);
    this.hub.setSink(this.sink);
    this.hub.replace(restored.state);
    for (const event of restored.repairs) this.hub.emit(event);
    for (const problem of restored.problems) this.warn(problem);
    return { sessionId, problems: restored.problems };
  }

  /**
   * Rewinds to before the last occurrence of a user message: the conversation is cut there
   * and/or the files Wave changed since are put back (never over changes made outside Wave).
   */
  rewind(messageId: string, restore: RewindRestore = 'both'): RewindResult {
    this.assertAlive();
    const messages = this.hub.state.messages;
    const index = messages.findLastIndex((message) => message.id === messageId);
    const none = { restored: [], conflicts: [] };
    if (index === -1 || messages[index]?.role !== 'user') {
      return {
        ok: false,
        error: 'That message is not a user message of this conversation.',
        ...none,
      };
    }
    if (this.running)
      return { ok: false, error: 'A turn is running; abort it (Esc) before rewinding.', ...none };
    const turns = messages
      .slice(index)
      .flatMap((message) => (message.role === 'user' ? [message.id] : []));
    const files =
      restore === 'conversation' || !this.checkpoints ? none : this.checkpoints.rewindFiles(turns);
    if (restore !== 'files') this.hub.emit({ type: 'messagesRewound', anchorMessageId: messageId });
    return { ok: true, ...files };
  }

  /** Folds the model context into a summary; the display keeps every message. */
  async compact(instructions?: string): Promise<{ ok: boolean; error?: string }> {
    return this.exclusive((signal) => this.compactNow(signal, instructions));
  }

  /**
   * /btw: answers a side question from a fork of the current context, without tools. The answer
   * arrives through onChunk as deltas and is never written into the conversation.
   */
  async askBtw(
    question: string,
    onChunk: (chunk: string) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    this.assertAlive();
    await askSideQuestion({
      model: this.model,
      system: this.systemPrompt(),
      messages: this.hub.state.messages,
      question,
      signal: signal ?? new AbortController().signal,
      idleTimeoutMs: this.retryPolicy().idleTimeoutMs,
      ...this.outputLimit(),
      onChunk,
    });
  }

  /** Aborts any turn and closes the session file. */
  destroy(): void {
    this.abortMessage();
    this.queue.cancelAll();
    this.destroyed = true;
    this.sink?.close();
    this.hub.setSink(undefined);
  }

  private async runUserTurn(text: string): Promise<TurnResult> {
    const startedAt = Date.now();
    const before = this.hub.state.messages.length;
    return this.exclusive(async (signal) => {
      const userMessageId = randomUUID();
      this.checkpoints?.beginTurn(userMessageId);
      try {
        this.hub.emit({
          type: 'userMessageAdded',
          message: {
            id: userMessageId,
            role: 'user',
            createdAt: startedAt,
            blocks: [{ type: 'text', content: text, stage: 'end' }],
          },
        });
        const outcome = await runTurn(
          {
            emit: (event) => this.hub.emit(event),
            state: () => this.hub.state,
            model: this.model,
            tools: this.tools,
            permissions: this.permissions,
            workdir: this.workdir,
            systemPrompt: () => this.systemPrompt(),
            parallelToolCalls: this.options.parallelToolCalls ?? true,
            maxTurns: this.options.maxTurns ?? 50,
            retry: this.retryPolicy(),
            maxOutputTokens: this.outputLimit().maxOutputTokens,
            newId: randomUUID,
            now: Date.now,
            logger: this.logger,
            beforeModelCall: () => this.compactIfNeeded(signal),
            ...(this.checkpoints
              ? {
                  beforeFileChange: (path: string) => this.checkpoints!.beforeFileChange(path),
                  beforeExecute: () => this.checkpoints!.beforeExecute(),
                }
              : {}),
          },
          signal,
        );
        return {
          ...outcome,
          usage: usageOf(this.hub.state.messages.slice(before)),
          durationMs: Date.now() - startedAt,
        };
      } finally {
        await this.checkpoints?.endTurn();
      }
    });
  }

  /** Runs one thing at a time that changes the conversation; then starts the next queued message. */
  private async exclusive<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.assertAlive();
    if (this.running)
      throw new Error('A turn is already running. Wait for it to end or abort it first.');
    const controller = new AbortController();
    this.running = controller;
    let settle!: () => void;
    this.idle = new Promise<void>((resolve) => (settle = resolve));
    try {
      return await work(controller.signal);
    } finally {
      this.running = undefined;
      settle();
      this.writeSummary();
      if (!this.destroyed) this.queue.startNext();
    }
  }

  private async compactIfNeeded(signal: AbortSignal): Promise<void> {
    if (needsCompaction(this.hub.state.messages, this.contextWindow()))
      await this.compactNow(signal);
  }

  private async compactNow(
    signal: AbortSignal,
    instructions?: string,
  ): Promise<{ ok: boolean; error?: string }> {
    try {
      const { summary } = await summarizeConversation({
        model: this.model,
        messages: this.hub.state.messages,
        signal,
        ...(instructions ? { instructions } : {}),
        ...this.outputLimit(),
      });
      this.hub.emit({
        type: 'compactBlockAdded',
        message: {
          id: randomUUID(),
          role: 'system',
          createdAt: Date.now(),
          blocks: [{ type: 'compact', summary }],
        },
      });
      return { ok: true };
    } catch (error) {
      if (signal.aborted) return { ok: false, error: 'Compaction was aborted.' };
      const problem = classifyModelError(error);
      const message = `Could not compact the conversation: ${problem.message}`;
      this.hub.emit({
        type: 'noticeAdded',
        messageId: randomUUID(),
        createdAt: Date.now(),
        level: 'warning',
        message,
      });
      return { ok: false, error: message };
    }
  }

  private startSession(id: string): void {
    this.sink?.close();
    this.currentSessionId = id;
    const persist = this.options.persistSession !== false;
    this.sink = persist
      ? SessionSink.fresh(
          this.waveHome,
          { id, workdir: this.workdir, createdAt: Date.now() },
          sessionPathFor(this.waveHome, this.workdir, id),
        )
      : undefined;
    this.checkpoints = persist ? this.checkpointsFor(id) : undefined;
    this.hub.setSink(this.sink);
  }

  private checkpointsFor(sessionId: string): FileCheckpoints {
    return new FileCheckpoints(
      join(this.waveHome, 'checkpoints', sessionId),
      this.workdir,
      (message) => this.warn(message),
    );
  }

  /** A warning for the user, in the conversation (and so in every host). */
  private warn(message: string): void {
    this.hub.emit({
      type: 'noticeAdded',
      messageId: randomUUID(),
      createdAt: Date.now(),
      level: 'warning',
      message,
    });
  }

  private writeSummary(): void {
    const path = this.sessionPath;
    if (!path || !this.sink?.path) return;
    const messages = this.hub.state.messages;
    try {
      writeSummary({
        id: this.currentSessionId,
        workdir: this.workdir,
        path,
        title: titleOf(messages),
        createdAt: messages[0]?.createdAt ?? Date.now(),
        updatedAt: Date.now(),
        messageCount: messages.length,
      });
    } catch (error) {
      this.logger.warn(
        `Could not write the session summary beside ${path}; listing will rebuild it.`,
        error,
      );
    }
  }

  private systemPrompt(): string {
    return buildSystemPrompt({
      workdir: this.workdir,
      waveHome: this.waveHome,
      tools: this.tools,
      permissionMode: this.permissions.permissionMode,
    });
  }

  private retryPolicy(): RetryPolicy {
    return { ...DEFAULT_RETRY, ...this.options.retry };
  }

  private outputLimit(): { maxOutputTokens?: number } {
    const limit =
      this.options.maxOutputTokens ?? (this.resolved.provider === 'anthropic' ? 8192 : undefined);
    return limit ? { maxOutputTokens: limit } : {};
  }

  private contextWindow(): number {
    return this.options.contextWindow ?? DEFAULT_CONTEXT_WINDOW[this.resolved.provider];
  }

  private assertAlive(): void {
    if (this.destroyed) throw new Error('This agent was destroyed; create a new one.');
  }
}
