// The Agent: the one object a consumer holds. It owns the conversation state (made by the
// shared reducer from the events it emits), runs turns, and tells subscribers every event.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { LanguageModel } from 'ai';
import type {
  ConversationState,
  Message,
  PermissionMode,
  Usage,
} from '@wave-agent/shared-protocol';
import { buildSystemPrompt } from './context/system-prompt.js';
import type { AgentCallbacks, AgentEventListener } from './events/callbacks.js';
import { EventHub } from './events/event-hub.js';
import type { Logger } from './logger.js';
import { stderrLogger } from './logger.js';
import { runTurn } from './loop/turn-loop.js';
import type { RetryPolicy, StopReason } from './loop/turn-loop.js';
import { createLanguageModel } from './model/create-model.js';
import type { DemoModelOptions } from './model/demo-model.js';
import { createDemoModel } from './model/demo-model.js';
import { resolveProvider } from './model/provider-settings.js';
import type { ProviderSettings, ResolvedProvider } from './model/provider-settings.js';
import { PermissionPolicy } from './permissions/permission-policy.js';
import type { CanUseTool } from './permissions/permission-request.js';
import { SessionFile } from './session/session-file.js';
import { resolveWaveHome } from './session/session-paths.js';
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
  /** Write the session to $WAVE_HOME. Default true. */
  readonly persistSession?: boolean;
  readonly retry?: Partial<RetryPolicy>;
  readonly demo?: DemoModelOptions;
  /** The most tokens one model call may write. Default 8192 for Anthropic (it requires a limit). */
  readonly maxOutputTokens?: number;
  /** Use this model instead of resolving one from the settings. */
  readonly languageModel?: LanguageModel;
}

export interface TurnResult {
  readonly stopReason: StopReason;
  readonly error?: string;
  /** Tokens used by this turn's model calls. */
  readonly usage: Usage;
  readonly durationMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000, idleTimeoutMs: 90_000 };

function addUsage(total: Usage, more: Usage | undefined): Usage {
  if (!more) return total;
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    reasoningTokens: (total.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0),
    cachedInputTokens: (total.cachedInputTokens ?? 0) + (more.cachedInputTokens ?? 0),
  };
}

const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

function usageOf(messages: readonly Message[]): Usage {
  return messages.reduce((total, message) => addUsage(total, message.usage), ZERO_USAGE);
}

export class Agent {
  private readonly hub: EventHub;
  private readonly permissions: PermissionPolicy;
  private readonly tools: readonly ToolDefinition<unknown>[];
  private readonly model: LanguageModel;
  private currentSessionId: string;
  private session: SessionFile | undefined;
  private running: AbortController | undefined;
  private destroyed = false;

  private constructor(
    private readonly options: AgentOptions,
    readonly provider: ResolvedProvider,
    readonly workdir: string,
    readonly waveHome: string,
  ) {
    this.logger = options.logger ?? stderrLogger;
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
    );
    this.currentSessionId = randomUUID();
    this.session = this.openSession();
    this.hub = new EventHub(options.callbacks ?? {}, this.logger, this.session);
  }

  private readonly logger: Logger;

  /** Resolves the model from options, env and settings; throws a ConfigError that says what to do. */
  static create(options: AgentOptions = {}): Promise<Agent> {
    const env = options.env ?? process.env;
    const provider = resolveProvider({
      explicit: options,
      env,
      ...(options.settings ? { files: options.settings } : {}),
    });
    const workdir = resolve(options.workdir ?? process.cwd());
    return Promise.resolve(
      new Agent(options, provider, workdir, options.waveHome ?? resolveWaveHome(env)),
    );
  }

  get messages(): readonly Message[] {
    return this.hub.state.messages;
  }

  get state(): ConversationState {
    return this.hub.state;
  }

  get sessionId(): string {
    return this.currentSessionId;
  }

  /** The session file, when the session is persisted. */
  get sessionPath(): string | undefined {
    return this.session?.path;
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

  /** Every event, in order; returns an unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void {
    return this.hub.subscribe(listener);
  }

  /** Sends a user message and resolves when the whole turn (all tool rounds) has ended. */
  async sendMessage(text: string): Promise<TurnResult> {
    if (this.destroyed) throw new Error('This agent was destroyed; create a new one.');
    if (this.running)
      throw new Error('A turn is already running. Wait for it to end or abort it first.');
    const controller = new AbortController();
    this.running = controller;
    const startedAt = Date.now();
    const before = this.hub.state.messages.length;
    try {
      this.hub.emit({
        type: 'userMessageAdded',
        message: {
          id: randomUUID(),
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
          systemPrompt: () =>
            buildSystemPrompt({
              workdir: this.workdir,
              waveHome: this.waveHome,
              tools: this.tools,
              permissionMode: this.permissions.permissionMode,
            }),
          parallelToolCalls: this.options.parallelToolCalls ?? true,
          maxTurns: this.options.maxTurns ?? 50,
          retry: { ...DEFAULT_RETRY, ...this.options.retry },
          maxOutputTokens:
            this.options.maxOutputTokens ??
            (this.provider.provider === 'anthropic' ? 8192 : undefined),
          newId: randomUUID,
          now: Date.now,
          logger: this.logger,
        },
        controller.signal,
      );
      return {
        ...outcome,
        usage: usageOf(this.hub.state.messages.slice(before)),
        durationMs: Date.now() - startedAt,
      };
    } finally {
      this.running = undefined;
    }
  }

  /** Stops the running turn; its partial content stays, well formed. */
  abortMessage(): void {
    this.running?.abort(new Error('Aborted by the user.'));
  }

  /** Aborts any turn and closes the session file. */
  destroy(): void {
    this.abortMessage();
    this.destroyed = true;
    this.session?.close();
    this.hub.setSink(undefined);
  }

  private openSession(): SessionFile | undefined {
    if (this.options.persistSession === false) return undefined;
    return SessionFile.create(this.waveHome, {
      id: this.currentSessionId,
      workdir: this.workdir,
      createdAt: Date.now(),
    });
  }
}
