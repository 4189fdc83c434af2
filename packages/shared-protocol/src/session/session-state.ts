// The session as every host holds it (ARCHITECTURE §2.12): the conversation, and the state around it
// that used to be each host's own bookkeeping — whether a turn runs, the permission questions
// waiting for an answer, the queue, the mode, the model and the configured ones, the tokens
// spent, the /btw answer, the model's task list, the commands it left running in the background
// the MCP servers, and what it loaded from the user's and the project's files.
// Made only by `applySessionEvent` from the Agent's events; read-only like the conversation.

import type { ConversationState } from '../conversation.js';
import { emptyConversation } from '../conversation.js';
import type { Usage } from '../messages.js';
import type { PermissionMode } from '../rpc/permission-mode.js';
import { DEFAULT_EFFORT } from '../rpc/effort-level.js';
import type { EffortLevel } from '../rpc/effort-level.js';
import type { ProviderName } from '../rpc/provider-name.js';
import type { QueuedMessage } from '../rpc/session-records.js';
import type { BackgroundTask, TodoItem } from '../rpc/work-records.js';
import type { ConfiguredModel } from '../rpc/configured-models.js';
import type { McpServerStatus } from '../rpc/mcp-server-status.js';
import type { SandboxStatus } from '../rpc/sandbox-status.js';
import type { ContextWindowUse } from '../rpc/context-window-use.js';
import type { ProjectContext } from '../rpc/project-context.js';
import type { UserQuestion } from '../rpc/user-questions.js';
import { NO_PROJECT_CONTEXT } from '../rpc/project-context.js';

/** What a running turn is doing: answering a message, running a `!command`, compacting. */
export type TurnActivity = 'reply' | 'command' | 'compaction';

export type SessionStatus =
  | { readonly type: 'idle' }
  | {
      readonly type: 'running';
      readonly turnId: string;
      /** Epoch ms; the status line's clock counts from it. */
      readonly startedAt: number;
      readonly activity: TurnActivity;
    };

/** A tool call waiting for a person's yes or no. Any attached host may answer it. */
export interface PermissionQuestion {
  /** What `answerPermission` names. */
  readonly requestId: string;
  readonly toolName: string;
  /** The tool block this question holds up (it shows "waiting for permission"). */
  readonly toolCallId: string;
  /** The assistant message holding that tool block. */
  readonly messageId?: string;
  /** The call's input as JSON text. */
  readonly input: string;
  readonly compactParams?: string;
  /** Why Wave asks ("Bash runs commands on your machine"). */
  readonly reason: string;
  /**
   * The allow rule "Yes, and don't ask again" writes (`Bash(npm run test:*)`, `Edit(/src/**)`);
   * absent when no rule can be offered (then `allowAlways` is not an answer).
   */
  readonly alwaysRule?: string;
  /** Epoch ms. */
  readonly requestedAt: number;
}

export interface SessionModel {
  readonly provider: ProviderName;
  readonly model: string;
  /** Why this model: where the setting came from, or that /model chose it. */
  readonly reason?: string;
  /** The configured model (an entry of `SessionState.models`) this is; absent for a plain model id. */
  readonly name?: string;
}

export interface SessionUsage {
  /** Tokens the providers reported for every finished model call of this session. */
  readonly total: Usage;
  /** The same, per model id (the one each call names, else the session's model then). */
  readonly byModel: Readonly<Record<string, Usage>>;
  /**
   * Characters streamed by each model call still running (the parent's and its subagents', which
   * may run side by side), not yet counted in `total`: the basis of a live estimate
   * (`liveTokenCount`). When a call ends, its own count is replaced by the provider's figure;
   * the others go on. Keyed by `streamKey`.
   */
  readonly streaming: Readonly<Record<string, number>>;
}

export type SideQuestionStage = 'answering' | 'answered' | 'failed';

/** The last /btw side question and its answer so far (never part of the conversation). */
export interface SideQuestion {
  readonly btwId: string;
  readonly question: string;
  /** The deltas received so far, appended in order (spec 2026-10-27). */
  readonly answer: string;
  readonly stage: SideQuestionStage;
  /** Why it failed, as a sentence. */
  readonly error?: string;
  readonly startedAt: number;
}

export interface SessionState {
  /** The session's id; it changes when the conversation is cleared or another one restored. */
  readonly sessionId: string;
  /** The folder the agent works in. */
  readonly workdir: string;
  /** A short title, from the first message. */
  readonly title?: string;
  readonly conversation: ConversationState;
  readonly status: SessionStatus;
  /** Questions waiting for an answer, oldest first. */
  readonly permissionQuestions: readonly PermissionQuestion[];
  /** What the model asks the user (choices, a plan to approve), oldest first. */
  readonly userQuestions: readonly UserQuestion[];
  /** Messages typed while a turn runs, oldest first; editable until their turn comes. */
  readonly queue: readonly QueuedMessage[];
  readonly permissionMode: PermissionMode;
  /** How hard the model thinks (rpc/effort-level.ts). */
  readonly effort: EffortLevel;
  readonly model: SessionModel;
  /** The models the user configured, for every host's picker (this process's, never a file's). */
  readonly models: readonly ConfiguredModel[];
  readonly usage: SessionUsage;
  readonly btw?: SideQuestion;
  /** The model's task list (TodoWrite), in its order. */
  readonly todos: readonly TodoItem[];
  /** Commands started in the background this session, oldest first. */
  readonly backgroundTasks: readonly BackgroundTask[];
  /** The MCP tool servers of this process, in the order Wave started them. */
  readonly mcpServers: readonly McpServerStatus[];
  /** Whether commands run sandboxed; absent until the agent says (an SDK agent without one). */
  readonly sandbox?: SandboxStatus;
  /**
   * The hooks in force, each with its settings file (for /hooks). Like `models`, the process's
   * settings, fixed for the session: no event, they arrive with every pull and replace.
   */
  readonly hooks?: readonly HookInForce[];
  /** The memory files, custom commands and skills this session loaded (DESIGN §5). */
  readonly context: ProjectContext;
  /** How the last model request of the session's turns used the context window (/context). */
  readonly contextWindow?: ContextWindowUse;
}

/** One configured hook command (a settings file's `hooks` entry that was accepted). */
export interface HookInForce {
  readonly event: string;
  /** As written; empty matches everything. */
  readonly matcher: string;
  readonly command: string;
  readonly timeoutSeconds: number;
  /** The settings file it comes from. */
  readonly source: string;
}

export const IDLE: SessionStatus = Object.freeze({ type: 'idle' });

export const NO_USAGE: SessionUsage = Object.freeze({
  total: Object.freeze({ inputTokens: 0, outputTokens: 0 }),
  byModel: Object.freeze({}),
  streaming: Object.freeze({}),
});

export interface NewSessionFacts {
  readonly sessionId: string;
  readonly workdir: string;
  readonly permissionMode: PermissionMode;
  /** Default: DEFAULT_EFFORT. */
  readonly effort?: EffortLevel;
  readonly model: SessionModel;
  /** Default: none configured. */
  readonly models?: readonly ConfiguredModel[];
  readonly conversation?: ConversationState;
  /** Default: none. */
  readonly hooks?: readonly HookInForce[];
}

/** A session before any event: idle, nothing asked, nothing queued, no tokens spent. */
export function initialSessionState(facts: NewSessionFacts): SessionState {
  return {
    sessionId: facts.sessionId,
    workdir: facts.workdir,
    conversation: facts.conversation ?? emptyConversation,
    status: IDLE,
    permissionQuestions: [],
    userQuestions: [],
    queue: [],
    permissionMode: facts.permissionMode,
    effort: facts.effort ?? DEFAULT_EFFORT,
    model: facts.model,
    models: facts.models ?? [],
    usage: NO_USAGE,
    todos: [],
    backgroundTasks: [],
    mcpServers: [],
    ...(facts.hooks && facts.hooks.length > 0 ? { hooks: facts.hooks } : {}),
    context: NO_PROJECT_CONTEXT,
  };
}

/** Rough tokens for streamed characters (about four characters a token). */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** Tokens spent so far, with the running call estimated until its provider reports. */
export function liveTokenCount(usage: SessionUsage): number {
  let streamed = 0;
  for (const chars of Object.values(usage.streaming)) streamed += chars;
  return usage.total.inputTokens + usage.total.outputTokens + estimateTokens(streamed);
}
