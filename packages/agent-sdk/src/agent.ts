// The Agent: the one object an SDK consumer holds. It owns the session state (made by the shared
// session reducer from the events it emits), runs turns, and tells subscribers every event. This
// class is a facade: each concern lives in its own piece under agent/ (the model, the session on
// disk, turns and the queue, permission questions, compaction, /btw, rewind).
import { randomUUID } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LanguageModel } from 'ai';
import { initialSessionState } from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  ConversationState,
  McpServers,
  Message,
  PermissionDecision as WireDecision,
  PermissionMode,
  QueuedMessage,
  SessionOrigin,
  SessionState,
  TurnStopReason,
  Usage,
} from '@wave-agent/shared-protocol';
import { CommandInvoker } from './agent/command-invoker.js';
import type { PreparedMessage } from './agent/command-invoker.js';
import { Compactor } from './agent/compactor.js';
import type { CompactionOutcome } from './agent/compactor.js';
import { ModelChoice } from './agent/model-choice.js';
import type { ModelInUse } from './agent/model-choice.js';
import { PermissionDesk } from './agent/permission-desk.js';
import { rewind } from './agent/rewind.js';
import type { RewindRestore, RewindResult } from './agent/rewind.js';
import { SessionStore } from './agent/session-store.js';
import { SideQuestions } from './agent/side-questions.js';
import { TurnRunner, ZERO_USAGE } from './agent/turn-runner.js';
import { runBang } from './bang/run-bang.js';
import { buildSystemPrompt } from './context/system-prompt.js';
import { loadSessionContext } from './context/session-context.js';
import type { SessionContext } from './context/session-context.js';
import type { AgentCallbacks, AgentEventListener } from './events/callbacks.js';
import { EventHub } from './events/event-hub.js';
import type { Logger } from './logger.js';
import { stderrLogger } from './logger.js';
import { askSideQuestion } from './loop/side-question.js';
import { runTurn } from './loop/turn-loop.js';
import type { RetryPolicy } from './loop/turn-loop.js';
import type { DemoModelOptions } from './model/demo-model.js';
import { defaultContextWindow } from './model/context-window.js';
import { resolveModelSetup } from './model/model-setup.js';
import type { ModelSettings, ModelSetup } from './model/model-setup.js';
import type { ProviderSettings, ResolvedProvider } from './model/provider-settings.js';
import { PermissionPolicy } from './permissions/permission-policy.js';
import type { CanUseTool } from './permissions/permission-request.js';
import { newSessionId } from './session/session-id.js';
import { resolveWaveHome } from './session/session-paths.js';
import { SessionFileError } from './session/session-reader.js';
import { listSessions, sessionPathFor, titleOf } from './session/session-summary.js';
import type { ListedSessions } from './session/session-summary.js';
import { selectTools } from './tools/registry.js';
import type { ToolDefinition } from './tools/tool.js';
import type { ToolSession } from './tools/tool-session.js';
import { BackgroundCommands } from './work/background-commands.js';
import { McpServerPool } from './mcp/mcp-server-pool.js';
import { resolveMcpTimeouts } from './mcp/mcp-timeouts.js';
import type { McpTimeouts } from './mcp/mcp-timeouts.js';
import { loadAgentTypes } from './subagents/agent-files.js';
import { BUILTIN_AGENT_TYPES, toolsFor } from './subagents/agent-types.js';
import type { AgentType } from './subagents/agent-types.js';
import { runSubagent } from './subagents/run-subagent.js';
import { threadOf } from './subagents/thread-of.js';
import { builtinTools } from './tools/registry.js';
import { taskTool } from './tools/task.js';
import { skillTool } from './tools/skill.js';
import { offeredSkills } from './context/skills/skill-files.js';
import type { SubagentRequest } from './tools/tool-session.js';
import type { ToolResult } from './tools/tool.js';
import type { TurnLoopDeps } from './loop/turn-loop.js';

export type { RewindRestore, RewindResult } from './agent/rewind.js';

export interface AgentOptions extends ProviderSettings {
  readonly callbacks?: AgentCallbacks;
  /** Where tools work; relative paths resolve against it. Default: the process's cwd. */
  readonly workdir?: string;
  readonly permissionMode?: PermissionMode;
  /** Asked when a tool needs permission. It answers like any host (see `permissionQuestions`). */
  readonly canUseTool?: CanUseTool;
  /**
   * Pose permission questions as session state (`permissionRequested`) for hosts to answer with
   * `answerPermission`. An unanswered question is denied after `timeoutMs` (default: it waits as
   * long as the turn). Without this and without `canUseTool`, such calls are denied with a reason.
   */
  readonly permissionQuestions?: { readonly timeoutMs?: number };
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
  /**
   * Settings from files, weaker than env and explicit options: the top-level provider fields,
   * and the configured models (`models`, `defaultModel`, `modelFor`). `model` (here or above)
   * may name a configured model.
   */
  readonly settings?: ModelSettings;
  /** Write the session (and file checkpoints) under $WAVE_HOME. Default true. */
  readonly persistSession?: boolean;
  /** How this program started the session, recorded with it (session lists show it). */
  readonly origin?: SessionOrigin;
  /** Continue this session (its id) instead of starting a new one. */
  readonly resumeSessionId?: string;
  /**
   * The id of the new session (default: a fresh one), for a host that names a session before
   * its agent exists (ACP answers session/new first and asks about workspace trust after, so a
   * trusted agent takes the place of the first under the same id). Refused when it is not a
   * valid id or a stored session of this folder already has it: one id, one file.
   */
  readonly newSessionId?: string;
  readonly retry?: Partial<RetryPolicy>;
  readonly demo?: DemoModelOptions;
  /**
   * The most tokens one model call may write, unless the configured model says. Default 8192
   * for Anthropic (it requires a limit).
   */
  readonly maxOutputTokens?: number;
  /** The model's context window in tokens, unless the configured model says; compaction starts near it. */
  readonly contextWindow?: number;
  /** Use this model instead of resolving one from the settings. */
  readonly languageModel?: LanguageModel;
  /**
   * MCP tool servers to connect, by name (Claude Code's `.mcp.json` shape). These are servers the
   * caller has already decided may start: workspace trust is decided before the agent, so a
   * project's `.mcp.json` belongs here only once the user trusts its folder. Their tools reach the
   * model as `mcp__<server>__<tool>`. `${VAR}` and `${VAR:-default}` in them are read from `env`.
   */
  readonly mcpServers?: McpServers;
  /**
   * How long an MCP server may take to start and list its tools, and to answer one call (ms).
   * Default: WAVE_MCP_CONNECT_TIMEOUT_MS / WAVE_MCP_TOOL_TIMEOUT_MS, else 30 s and 120 s.
   */
  readonly mcpTimeouts?: Partial<McpTimeouts>;
}

export interface TurnResult {
  /** `removed`: the message was queued and then removed before its turn. */
  readonly stopReason: TurnStopReason;
  readonly error?: string;
  /** Tokens used by this turn's model calls. */
  readonly usage: Usage;
  readonly durationMs: number;
}

export interface RestoreResult {
  readonly sessionId: string;
  /** Lines of the session file that were skipped, as sentences. */
  readonly problems: readonly string[];
}

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000, idleTimeoutMs: 90_000 };

/** A folder's real path (links resolved), as the work-folder boundary compares paths. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** A new session may not take an id that is not one, or that a stored session already has. */
function refuseTakenId(waveHome: string, workdir: string, id: string): void {
  const path = sessionPathFor(waveHome, workdir, id);
  if (existsSync(path))
    throw new SessionFileError(
      path,
      `a stored session already has the id ${id}; open it (resume) instead of starting a new one under its id.`,
    );
}

export class Agent {
  private readonly hub: EventHub;
  private readonly store: SessionStore;
  private readonly models: ModelChoice;
  private readonly permissions: PermissionPolicy;
  private readonly desk: PermissionDesk;
  private readonly turns: TurnRunner;
  private readonly compactor: Compactor;
  private readonly commandInvoker: CommandInvoker;
  /** Offered to the model while the session has skills it may load. */
  private readonly skillTool: ToolDefinition<unknown>;
  private readonly sideQuestions: SideQuestions;
  private readonly tools: readonly ToolDefinition<unknown>[];
  private readonly background: BackgroundCommands;
  private readonly agentTypes: readonly AgentType[];
  private readonly logger: Logger;
  private readonly mcp: McpServerPool;
  private mcpClosed: Promise<void> | undefined;
  private destroyed = false;
  /** The memory files (and later commands and skills) read for the current session. */
  private context: SessionContext;

  private constructor(
    private readonly options: AgentOptions,
    setup: ModelSetup,
    readonly workdir: string,
    readonly waveHome: string,
    mcpTimeouts: McpTimeouts,
  ) {
    this.logger = options.logger ?? stderrLogger;
    this.models = new ModelChoice(setup, options.languageModel, options.demo);
    const userTypes = loadAgentTypes(
      workdir,
      waveHome,
      BUILTIN_AGENT_TYPES.map((type) => type.name),
    );
    for (const problem of userTypes.problems) this.logger.warn(problem);
    this.agentTypes = [...BUILTIN_AGENT_TYPES, ...userTypes.types];
    this.tools = selectTools({ disallowedTools: options.disallowedTools ?? [] }, [
      ...builtinTools,
      taskTool(this.agentTypes),
    ]);
    this.store = new SessionStore({
      waveHome,
      workdir,
      persist: options.persistSession !== false,
      ...(options.origin ? { origin: options.origin } : {}),
      logger: this.logger,
      warn: (message) => this.warn(message),
    });
    const sessionId = options.newSessionId ?? newSessionId();
    const permissionMode = options.permissionMode ?? 'default';
    this.hub = new EventHub(
      options.callbacks ?? {},
      this.logger,
      this.store,
      initialSessionState({
        sessionId,
        workdir,
        permissionMode,
        model: this.models.sessionModel,
        models: this.models.configured,
      }),
    );
    this.store.startFresh(sessionId);
    this.context = this.readContext();
    this.hub.emit({ type: 'contextLoaded', context: this.context.info });
    this.mcp = new McpServerPool({
      emit: (event) => this.hub.emit(event),
      workdir,
      env: options.env ?? process.env,
      timeouts: mcpTimeouts,
      logger: this.logger,
    });
    const asksAnyone =
      options.canUseTool !== undefined || options.permissionQuestions !== undefined;
    this.desk = new PermissionDesk({
      hub: this.hub,
      logger: this.logger,
      ...(options.canUseTool ? { canUseTool: options.canUseTool } : {}),
      ...(options.permissionQuestions?.timeoutMs !== undefined
        ? { timeoutMs: options.permissionQuestions.timeoutMs }
        : {}),
    });
    this.permissions = new PermissionPolicy(
      permissionMode,
      workdir,
      new Set(options.allowedTools ?? []),
      asksAnyone ? this.desk.ask : undefined,
      { waveHome },
    );
    this.skillTool = skillTool({
      skills: () => this.context.skills,
      onLoaded: (skill) => this.permissions.allowReadingFolder(realFolder(skill.folder)),
    });
    this.commandInvoker = new CommandInvoker({
      workdir,
      permissions: this.permissions,
      commands: () => this.context.commands,
      folderTrusted: () => this.context.trusted,
      logger: this.logger,
      beforeExecute: async () => this.store.checkpoints?.beforeExecute(),
    });
    this.turns = new TurnRunner(this.hub, () => this.store.writeSummary(this.hub.state));
    this.background = new BackgroundCommands({
      waveHome,
      sessionId: () => this.hub.state.sessionId,
      emit: (event) => this.hub.emit(event),
      tasks: () => this.hub.state.backgroundTasks,
    });
    this.compactor = new Compactor({
      hub: this.hub,
      model: () => {
        const { model, resolved } = this.models.forPurpose('compact') ?? this.models.inUse;
        return { model, maxOutputTokens: this.outputLimit(resolved) };
      },
      contextWindow: () => {
        const { resolved } = this.models;
        return (
          resolved.contextWindow ??
          this.options.contextWindow ??
          defaultContextWindow(resolved.provider)
        );
      },
    });
    this.sideQuestions = new SideQuestions(
      this.hub,
      // async: a model that cannot be used (its key is not set) ends the answer with a sentence.
      async (question, onChunk, signal) => {
        const { model, resolved } = this.models.forPurpose('btw') ?? this.models.inUse;
        const maxOutputTokens = this.outputLimit(resolved);
        return askSideQuestion({
          model,
          system: this.systemPrompt(this.currentTools()),
          messages: this.hub.state.conversation.messages,
          question,
          signal,
          idleTimeoutMs: this.retryPolicy().idleTimeoutMs,
          ...(maxOutputTokens ? { maxOutputTokens } : {}),
          onChunk,
        });
      },
      this.logger,
    );
  }

  /** Resolves the model from options, env and settings; throws a ConfigError that says what to do. */
  // eslint-disable-next-line @typescript-eslint/require-await -- async so every failure is a rejection
  static async create(options: AgentOptions = {}): Promise<Agent> {
    const env = options.env ?? process.env;
    const setup = resolveModelSetup({
      explicit: options,
      env,
      ...(options.settings ? { files: options.settings } : {}),
    });
    const workdir = resolve(options.workdir ?? process.cwd());
    const mcpTimeouts = resolveMcpTimeouts(env, options.mcpTimeouts);
    const waveHome = options.waveHome ?? resolveWaveHome(env);
    if (options.newSessionId !== undefined) refuseTakenId(waveHome, workdir, options.newSessionId);
    const agent = new Agent(options, setup, workdir, waveHome, mcpTimeouts);
    if (options.resumeSessionId) {
      try {
        agent.switchToStoredSession(options.resumeSessionId);
      } catch (error) {
        agent.destroy(); // Nothing of a half-made agent outlives the failure.
        throw error;
      }
    }
    // In the background: a turn waits for servers still starting (bounded), nothing else does.
    agent.mcp.start(options.mcpServers ?? {});
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

  /** The whole session: conversation, status, questions, queue, mode, model, usage, /btw. */
  get sessionState(): SessionState {
    return this.hub.state;
  }

  /** The sequence number of the last event emitted; `sessionState` includes every event up to it. */
  get seq(): number {
    return this.hub.seq;
  }

  get state(): ConversationState {
    return this.hub.state.conversation;
  }

  get messages(): readonly Message[] {
    return this.hub.state.conversation.messages;
  }

  get sessionId(): string {
    return this.hub.state.sessionId;
  }

  /** The provider and model in use, and why they were chosen. */
  get provider(): ResolvedProvider {
    return this.models.resolved;
  }

  /** Where this session is (or will be, from its first event) stored; undefined when not persisted. */
  get sessionPath(): string | undefined {
    return this.store.path;
  }

  /** Tokens the providers reported for this session's model calls. */
  get usage(): Usage {
    return this.hub.state.usage.total;
  }

  get isRunning(): boolean {
    return this.turns.isRunning;
  }

  get permissionMode(): PermissionMode {
    return this.hub.state.permissionMode;
  }

  /** The built-in tools and those of the MCP servers connected now. */
  get toolNames(): readonly string[] {
    return this.currentTools().map((tool) => tool.name);
  }

  get queuedMessages(): readonly QueuedMessage[] {
    return this.hub.state.queue;
  }

  /** Every event, in order, with its sequence number; returns an unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void {
    return this.hub.subscribe(listener);
  }

  /**
   * Switches the model for the rest of this session: a configured model by name (its own
   * provider, endpoint and key), or another model id of the current provider (same endpoint and
   * key); the next model call uses it. Throws a sentence when it cannot (a configured model
   * whose key is not set; the demo has only its one model).
   */
  setModel(model: string): void {
    this.hub.emit({ type: 'modelChanged', ...this.models.switchTo(model) });
  }

  setPermissionMode(mode: PermissionMode): void {
    this.permissions.setMode(mode);
    if (this.hub.state.permissionMode !== mode)
      this.hub.emit({ type: 'permissionModeChanged', mode });
  }

  /** Answers a waiting permission question; false when it no longer waits. */
  answerPermission(requestId: string, decision: WireDecision, reason?: string): boolean {
    return this.desk.answer(requestId, decision, reason);
  }

  editQueuedMessage(id: string, text: string): boolean {
    return this.turns.queue.edit(id, text);
  }

  removeQueuedMessage(id: string): boolean {
    return this.turns.queue.remove(id);
  }

  listSessions(): ListedSessions {
    return listSessions(this.waveHome, this.workdir);
  }

  /**
   * Sends a user message and resolves when its whole turn (all tool rounds) has ended. While a
   * turn runs, the message is queued and sent when the turns before it have ended.
   */
  sendMessage(text: string): Promise<TurnResult> {
    this.assertAlive();
    if (!this.turns.isRunning) return this.runUserTurn(text);
    return new Promise<TurnResult>((settle) => {
      this.turns.queue.add(text, {
        start: (queuedText) =>
          void this.runUserTurn(queuedText).then(settle, (error: unknown) =>
            settle({
              stopReason: 'error',
              error: error instanceof Error ? error.message : String(error),
              usage: ZERO_USAGE,
              durationMs: 0,
            }),
          ),
        cancel: () => settle({ stopReason: 'removed', usage: ZERO_USAGE, durationMs: 0 }),
      });
    });
  }

  /** Stops the running turn (or bang, or compaction); its partial content stays, well formed. */
  abortMessage(): void {
    this.turns.abort();
  }

  /** Resolves when the running turn (if any) has wound down. */
  whenIdle(): Promise<void> {
    return this.turns.settled();
  }

  /** Runs `!command` as a user message with a live bang block; resolves with its exit code. */
  async runBang(command: string): Promise<number | null> {
    this.assertAlive();
    const { result } = await this.turns.run(
      'command',
      async (signal) => {
        const messageId = randomUUID();
        const { checkpoints } = this.store;
        checkpoints?.beginTurn(messageId);
        try {
          return await runBang({
            messageId,
            command,
            workdir: this.workdir,
            signal,
            emit: (event) => this.emitFromTurn(event),
            now: Date.now,
            ...(checkpoints ? { beforeExecute: () => checkpoints.beforeExecute() } : {}),
          });
        } finally {
          await checkpoints?.endTurn();
        }
      },
      (_code, signal) => ({ stopReason: signal.aborted ? 'aborted' : 'end_turn' }),
    );
    return result;
  }

  /**
   * Starts a new, empty conversation; the old session stays on disk. A running turn is aborted
   * and allowed to wind down first, so its last events land in the old session, not the new one.
   */
  async clear(): Promise<void> {
    await this.stopAndSettle();
    const sessionId = newSessionId();
    this.store.startFresh(sessionId);
    this.replaceSession(
      initialSessionState({
        sessionId,
        workdir: this.workdir,
        permissionMode: this.permissionMode,
        model: this.models.sessionModel,
        models: this.models.configured,
      }),
    );
  }

  /** Continues a stored session of this working directory, replacing the current one. */
  async restoreSession(sessionId: string): Promise<RestoreResult> {
    await this.stopAndSettle();
    return this.switchToStoredSession(sessionId);
  }

  /**
   * Rewinds to before the last occurrence of a user message: the conversation is cut there
   * and/or the files Wave changed since are put back (never over changes made outside Wave).
   * `requestId` travels with the cut, so the host that asked knows it answers its request.
   */
  rewind(messageId: string, restore: RewindRestore = 'both', requestId?: string): RewindResult {
    this.assertAlive();
    return rewind(this.hub, this.store.checkpoints, this.turns.isRunning, {
      messageId,
      restore,
      ...(requestId !== undefined ? { requestId } : {}),
    });
  }

  /** Folds the model context into a summary; the display keeps every message. */
  async compact(instructions?: string): Promise<CompactionOutcome> {
    this.assertAlive();
    const { result } = await this.turns.run(
      'compaction',
      (signal) => this.compactor.compact(signal, instructions),
      (outcome, signal) => {
        if (outcome.ok) return { stopReason: 'end_turn' };
        if (signal.aborted) return { stopReason: 'aborted' };
        return { stopReason: 'error', error: outcome.error ?? 'Compaction failed.' };
      },
    );
    return result;
  }

  /**
   * /btw: answers a side question from a fork of the current context, without tools. The answer
   * streams as btwStarted / btwUpdated / btwEnded events (and in `sessionState.btw`), never into
   * the conversation. Returns the id those events carry.
   */
  askBtw(question: string): string {
    this.assertAlive();
    return this.sideQuestions.ask(question);
  }

  /** Puts the /btw answer away, stopping it if it is still coming; false for another id. */
  closeBtw(btwId: string): boolean {
    return this.sideQuestions.close(btwId);
  }

  /** Aborts any turn, stops the MCP servers and closes the session file. */
  destroy(): void {
    if (!this.destroyed) this.endBackgroundCommands();
    this.turns.stop();
    this.sideQuestions.closeAll();
    this.mcpClosed ??= this.mcp.closeAll();
    this.destroyed = true;
    this.store.close();
  }

  /** Like destroy, and resolves when every MCP server has stopped (its process too). */
  async close(): Promise<void> {
    this.destroy();
    await this.mcpClosed;
  }

  private async stopAndSettle(): Promise<void> {
    this.assertAlive();
    this.turns.queue.cancelAll();
    this.turns.abort();
    this.sideQuestions.closeAll();
    await this.turns.settled();
    this.endBackgroundCommands();
  }

  /** The session ends (destroy, /clear, another one restored): its background commands stop, and it says so. */
  private endBackgroundCommands(): void {
    const stopped = this.background.stopAll();
    if (stopped.length === 0) return;
    this.hub.emit({
      type: 'noticeAdded',
      messageId: randomUUID(),
      createdAt: Date.now(),
      level: 'info',
      message: `Stopped ${stopped.length === 1 ? 'a background command' : `${stopped.length} background commands`} as the session ended: ${stopped.join(', ')}`,
    });
  }

  private switchToStoredSession(sessionId: string): RestoreResult {
    const restored = this.store.openStored(sessionId, {
      workdir: this.workdir,
      permissionMode: this.permissionMode,
      model: this.models.sessionModel,
      models: this.models.configured,
    });
    this.replaceSession(restored.state);
    for (const event of restored.repairs) this.hub.emit(event);
    for (const problem of restored.problems) this.warn(problem);
    return { sessionId, problems: restored.problems };
  }

  /** Another conversation; the MCP servers of this process stay as they are, the files are read again. */
  private replaceSession(state: SessionState): void {
    this.context = this.readContext();
    this.hub.replace({
      ...state,
      mcpServers: this.hub.state.mcpServers,
      context: this.context.info,
    });
  }

  /** Reads the memory files; every host gets the list (`SessionState.context`). */
  private readContext(): SessionContext {
    const context = loadSessionContext({ workdir: this.workdir, waveHome: this.waveHome });
    for (const warning of context.info.warnings) this.logger.warn(warning);
    return context;
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

  /** Emits an event of a turn; the session takes its title from its first user message. */
  private emitFromTurn(event: AgentEvent): void {
    this.hub.emit(event);
    if (event.type === 'userMessageAdded' && this.hub.state.title === undefined)
      this.hub.emit({ type: 'sessionTitleChanged', title: titleOf([event.message]) });
  }

  private async runUserTurn(text: string): Promise<TurnResult> {
    const { summary } = await this.turns.run(
      'reply',
      async (signal) => {
        const userMessageId = randomUUID();
        const { checkpoints } = this.store;
        checkpoints?.beginTurn(userMessageId);
        let prepared: PreparedMessage | undefined;
        try {
          // A custom command (`/review 12`) becomes its prompt for the model.
          prepared = await this.commandInvoker.prepare(text, signal);
          const chosen =
            prepared.model !== undefined ? this.models.modelNamed(prepared.model) : undefined;
          const { toModel } = prepared;
          this.emitFromTurn({
            type: 'userMessageAdded',
            message: {
              id: userMessageId,
              role: 'user',
              createdAt: Date.now(),
              blocks: [
                { type: 'text', content: text, stage: 'end', ...(toModel ? { toModel } : {}) },
              ],
            },
          });
          // Servers still starting get their bounded time, so the first message has their tools.
          await this.mcp.ready(signal);
          const tools = this.currentTools();
          const deps: TurnLoopDeps = {
            emit: (event) => this.hub.emit(event),
            state: () => this.hub.state.conversation,
            model: chosen?.model ?? this.models.model,
            tools,
            permissions: this.permissions,
            workdir: this.workdir,
            systemPrompt: () => this.systemPrompt(tools),
            parallelToolCalls: this.options.parallelToolCalls ?? true,
            maxTurns: this.options.maxTurns ?? 50,
            retry: this.retryPolicy(),
            maxOutputTokens: this.outputLimit(chosen?.resolved),
            newId: randomUUID,
            now: Date.now,
            logger: this.logger,
            beforeModelCall: () => this.compactor.compactIfNeeded(signal),
            ...(checkpoints
              ? {
                  beforeFileChange: (path: string) => checkpoints.beforeFileChange(path),
                  beforeExecute: () => checkpoints.beforeExecute(),
                }
              : {}),
          };
          return await runTurn({ ...deps, session: this.toolSession(deps) }, signal);
        } finally {
          prepared?.release();
          await checkpoints?.endTurn();
        }
      },
      (outcome) => outcome,
    );
    return summary;
  }

  /** What the session-level tools (TodoWrite, background Bash, Task) reach. */
  private toolSession(turn: TurnLoopDeps): ToolSession {
    return {
      setTodos: (todos) => this.hub.emit({ type: 'todosChanged', todos }),
      background: this.background,
      runSubagent: (request) => this.runSubagent(turn, request),
    };
  }

  /** A Task call's child agent, inside the call's tool block, with at most the parent's tools. */
  private runSubagent(turn: TurnLoopDeps, request: SubagentRequest): Promise<ToolResult> {
    const type = this.agentTypes.find((known) => known.name === request.subagentType);
    if (type === undefined) {
      return Promise.resolve({
        isError: true,
        output: `There is no subagent kind "${request.subagentType}".`,
      });
    }
    const {
      emit: _emit,
      state: _state,
      session: _session,
      beforeModelCall: _compact,
      ...parent
    } = turn;
    const tools = toolsFor(type, turn.tools);
    // The user's agent file may name its model; settings' modelFor.subagent serves the others.
    let chosen: ModelInUse | undefined;
    try {
      chosen =
        type.model !== undefined
          ? this.models.modelNamed(type.model)
          : this.models.forPurpose('subagent');
    } catch (error) {
      return Promise.resolve({
        isError: true,
        output: `The ${type.name} subagent could not start: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    return runSubagent(
      {
        parent: chosen ? { ...parent, maxOutputTokens: this.outputLimit(chosen.resolved) } : parent,
        emit: (event) => this.hub.emit(event),
        thread: () => threadOf(this.hub.state.conversation, request.messageId, request.toolCallId),
        tools,
        model: chosen?.model ?? turn.model,
        systemPrompt: `${type.prompt}\n\n${buildSystemPrompt({
          workdir: this.workdir,
          memory: this.context.memory.files,
          tools,
          permissionMode: this.permissions.permissionMode,
        })}`,
      },
      request,
    );
  }

  /** The built-in tools and the connected MCP servers' (less those the options disallow). */
  private currentTools(): readonly ToolDefinition<unknown>[] {
    const disallowed = new Set(this.options.disallowedTools ?? []);
    const skills =
      offeredSkills(this.context.skills).length > 0 && !disallowed.has('Skill')
        ? [this.skillTool]
        : [];
    return [
      ...this.tools,
      ...skills,
      ...this.mcp.tools.filter((tool) => !disallowed.has(tool.name)),
    ];
  }

  private systemPrompt(tools: readonly ToolDefinition<unknown>[]): string {
    return buildSystemPrompt({
      workdir: this.workdir,
      memory: this.context.memory.files,
      skills: tools.includes(this.skillTool)
        ? offeredSkills(this.context.skills).map((skill) => skill.info)
        : [],
      tools,
      permissionMode: this.permissions.permissionMode,
    });
  }

  private retryPolicy(): RetryPolicy {
    return { ...DEFAULT_RETRY, ...this.options.retry };
  }

  /** For a call to `resolved` (default: the current model): its own limit, else the option's. */
  private outputLimit(resolved: ResolvedProvider = this.models.resolved): number | undefined {
    return (
      resolved.maxOutputTokens ??
      this.options.maxOutputTokens ??
      (resolved.provider === 'anthropic' ? 8192 : undefined)
    );
  }

  private assertAlive(): void {
    if (this.destroyed) throw new Error('This agent was destroyed; create a new one.');
  }
}
