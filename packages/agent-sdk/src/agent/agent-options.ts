// What a caller can say when it creates an Agent, and what the Agent's turns answer with.
import type { WebSearchSettings } from '../tools/web/search-backends.js';
import type { HookSettingsSource } from '../hooks/hook-config.js';
import type { LanguageModel } from 'ai';
import type { EffortLevel } from '@wave-agent/shared-protocol';
import type {
  McpServers,
  PermissionMode,
  SessionOrigin,
  TurnStopReason,
  Usage,
} from '@wave-agent/shared-protocol';
import type { AgentCallbacks } from '../events/callbacks.js';
import type { Logger } from '../logger.js';
import type { SandboxSettings } from '../permissions/sandbox/sandbox-settings.js';
import type { RetryPolicy } from '../loop/turn-loop.js';
import type { McpTimeouts } from '../mcp/mcp-timeouts.js';
import type { DemoModelOptions } from '../model/demo-model.js';
import type { ModelSettings } from '../model/model-setup.js';
import type { ProviderSettings } from '../model/provider-settings.js';
import type { CanUseTool } from '../permissions/permission-request.js';
import type { SettingsSection } from '../settings/settings-section.js';
import type { PluginBundle } from '../plugins/plugin-bundle.js';

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
  /**
   * The `permissions` of the settings files in force, each with its file (a project's already
   * cut to what workspace trust allows): allow/ask/deny rules and additionalDirectories. A bare
   * deny also takes the tool out of the model's tool list. Problems are the caller's to report.
   */
  readonly permissionSettings?: readonly SettingsSection[];
  /** Read-only tools of one response run concurrently. Default true. */
  readonly parallelToolCalls?: boolean;
  /** Model calls per user message. Default 50. */
  readonly maxTurns?: number;
  readonly logger?: Logger;
  /** Default $WAVE_HOME or ~/.wave. */
  readonly waveHome?: string;
  /**
   * The user's Claude Code folder (`resolveClaudeHome`: ~/.claude), whose CLAUDE.md, rules,
   * commands, skills and agents are read beside $WAVE_HOME's (which win a clash). Default: not
   * read. Its settings.json reaches the agent through `permissionSettings` and `hooks`.
   */
  readonly claudeHome?: string;
  /**
   * Variables the settings' `env` gives the programs Wave starts: commands (Bash, `!`, background),
   * hooks and MCP servers — never Wave's own process, so never where the model's key goes. Names
   * of key variables (Wave's and the providers', `…_API_KEY`, `…_AUTH_TOKEN`, a configured
   * model's `apiKeyEnv`) are left out.
   */
  readonly commandEnv?: Readonly<Record<string, string>>;
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
  /**
   * With `resumeSessionId`: continue a copy of that session under this agent's new id
   * (`newSessionId`, or a fresh one); the stored session stays as it was (`--fork-session`).
   */
  readonly forkSession?: boolean;
  /** The system prompt instead of Wave's own; the memory files still follow it (`--system-prompt`). */
  readonly systemPrompt?: string;
  /** Said at the end of the system prompt (`--append-system-prompt`). */
  readonly appendSystemPrompt?: string;
  /**
   * Models (ids of the provider, or configured names) a turn goes on with, in order, when the
   * model is overloaded or unavailable after its retries (`--fallback-model`); each turn starts
   * with the session's model again.
   */
  readonly fallbackModels?: readonly string[];
  readonly retry?: Partial<RetryPolicy>;
  readonly demo?: DemoModelOptions;
  /**
   * The most tokens one model call may write, unless the configured model says. Default 8192
   * for Anthropic (it requires a limit).
   */
  readonly maxOutputTokens?: number;
  /**
   * How hard the model thinks when the session starts (rpc/effort-level.ts), over everything
   * else (`--effort`). Later, /effort and a switch to a configured model with its own `effort`
   * change it.
   */
  readonly effort?: EffortLevel;
  /**
   * The settings' level (`effort`, or `off` for `alwaysThinkingEnabled: false`): used when
   * neither `effort` nor the starting model's entry says. Default `high`.
   */
  readonly defaultEffort?: EffortLevel;
  /**
   * Claude Code's MAX_THINKING_TOKENS: the thinking budget of a budget-thinking Claude model at
   * `high`; 0 turns thinking off.
   */
  readonly maxThinkingTokens?: number;
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
   * Where WebSearch searches for models without a search of their own (settings' `webSearch`,
   * the user's file only: it says where queries, and a key, go).
   */
  readonly webSearch?: WebSearchSettings;
  /**
   * The `hooks` of each settings file whose hooks may run (Claude Code's shape), weakest first.
   * Like `mcpServers`, these are the caller's decision: a project's only once its folder is
   * trusted. A bad entry is a warning naming the file; the rest run.
   */
  readonly hooks?: readonly HookSettingsSource[];
  /**
   * How long an MCP server may take to start and list its tools, and to answer one call (ms).
   * Default: WAVE_MCP_CONNECT_TIMEOUT_MS / WAVE_MCP_TOOL_TIMEOUT_MS, else 30 s and 120 s.
   */
  readonly mcpTimeouts?: Partial<McpTimeouts>;
  /**
   * Claude Code plugins turned on (plugins/plugin-bundle.ts): their commands, agents and skills
   * (named `plugin:name`), hooks and MCP servers join the session's. Like `hooks`, the caller's
   * decision: the user's installed and enabled ones, a folder's only once it is trusted.
   */
  readonly plugins?: readonly PluginBundle[];
  /** Run commands in the operating system's sandbox (permissions/sandbox/). Default: off. */
  readonly sandbox?: SandboxSettings;
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
