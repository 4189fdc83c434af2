// The session events: everything around the conversation that hosts used to track on their
// own (ARCHITECTURE §2.12), reduced by `applySessionEvent`. Same rules as the conversation events:
// deltas only, each `type` is its name on the wire. The configured models (`SessionState.models`)
// have no event: they are the process's settings, fixed for the session, and arrive with every
// pull and replace.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import { UsageSchema } from '../rpc/message-schemas.js';
import { PermissionDecisionSchema } from '../rpc/permission-decision.js';
import { PermissionModeSchema } from '../rpc/permission-mode.js';
import { EffortLevelSchema } from '../rpc/effort-level.js';
import { ProviderNameSchema } from '../rpc/provider-name.js';
import { QueuedMessageListSchema } from '../rpc/session-records.js';
import { BackgroundTaskStatusSchema, TodoListSchema } from '../rpc/work-records.js';
import {
  McpPromptInfoSchema,
  McpResourceInfoSchema,
  McpTransportSchema,
} from '../rpc/mcp-server-status.js';
import { SandboxStatusSchema } from '../rpc/sandbox-status.js';
import { ProjectContextSchema } from '../rpc/project-context.js';
import { ContextWindowUseSchema } from '../rpc/context-window-use.js';
import {
  PERMISSION_QUESTION_SHAPE,
  SessionStateSchema,
  TurnActivitySchema,
} from '../rpc/session-state-schema.js';
import { USER_QUESTION_SHAPE } from '../rpc/user-questions.js';
import { eventSchemas } from './event-table.js';

/**
 * Why a turn ended. `max_tokens`: the model's last reply was cut off at its output limit;
 * `refusal`: the model declined to answer (a content filter); `removed`: it was queued and
 * removed before it ran (a turn result only, never an event).
 */
export const TURN_STOP_REASONS = [
  'end_turn',
  'max_turns',
  'max_tokens',
  'refusal',
  'aborted',
  'error',
  'removed',
] as const;
export const TurnStopReasonSchema = lazySchema(() => z.enum(TURN_STOP_REASONS));
export type TurnStopReason = z.output<typeof TurnStopReasonSchema>;

export const SESSION_EVENT_SCHEMAS = eventSchemas({
  /** The agent started work: a reply to a message, a `!command`, or a compaction. */
  turnStarted: () => ({ turnId: z.string(), startedAt: z.number(), activity: TurnActivitySchema }),

  /** That work ended, for this reason; hosts turn input back on and show the usage. */
  turnEnded: () => ({
    turnId: z.string(),
    stopReason: TurnStopReasonSchema,
    /** What went wrong, as a sentence, when stopReason is "error". */
    error: z.string().optional(),
    /** Tokens this turn's model calls used. */
    usage: UsageSchema,
    durationMs: z.number(),
  }),

  /** A tool call waits for a person's answer; any attached host may give it (answerPermission). */
  permissionRequested: () => PERMISSION_QUESTION_SHAPE,

  /** The question was answered (by a person, by a timeout, or by an abort): it goes away. */
  permissionResolved: () => ({
    requestId: z.string(),
    decision: PermissionDecisionSchema,
    /** With "deny": why, as the model will read it. */
    reason: z.string().optional(),
  }),

  /**
   * The model asks the user (AskUserQuestion's choices, ExitPlanMode's plan); any attached host
   * may answer it (answerUserQuestion).
   */
  userQuestionAsked: () => USER_QUESTION_SHAPE,

  /** It was answered (by a person, or by an abort): it goes away. */
  userQuestionAnswered: () => ({ requestId: z.string() }),

  /** The whole queue after any change (it is short): replaces the previous one. */
  queuedMessagesChanged: () => ({ queued: QueuedMessageListSchema }),

  permissionModeChanged: () => ({ mode: PermissionModeSchema }),

  /** The next model call uses this model; `name` when it is a configured one (`state.models`). */
  modelChanged: () => ({
    provider: ProviderNameSchema,
    model: z.string(),
    reason: z.string().optional(),
    name: z.string().optional(),
  }),

  /** The model calls from now on think this hard (`off`: no extended thinking). */
  effortChanged: () => ({ effort: EffortLevelSchema }),

  /** Tokens spent by a model call outside the conversation (compaction); added to the total. */
  usageUpdated: () => ({ usage: UsageSchema, model: z.string().optional() }),

  /** A /btw side question was asked; it replaces the previous one. */
  btwStarted: () => ({ btwId: z.string(), question: z.string(), startedAt: z.number() }),

  /** A delta of the side question's answer. */
  btwUpdated: () => ({ btwId: z.string(), chunk: z.string() }),

  /** The answer is complete, or failed (`error`, a sentence). */
  btwEnded: () => ({ btwId: z.string(), error: z.string().optional() }),

  /** The side question was put away (and stopped, if it was still answering). */
  btwClosed: () => ({ btwId: z.string() }),

  sessionTitleChanged: () => ({ title: z.string() }),

  /**
   * The model rewrote its task list (TodoWrite): the list it sent replaces the previous one.
   * The list is the tool's own input, short by nature, so it travels whole.
   */
  todosChanged: () => ({ todos: TodoListSchema }),

  /** A command started in the background (Bash with run_in_background). */
  backgroundTaskStarted: () => ({
    taskId: z.string(),
    command: z.string(),
    description: z.string().optional(),
    outputPath: z.string(),
    startedAt: z.number(),
  }),

  /** A delta of a background command's output (not stored in the session: its file has it). */
  backgroundTaskOutput: () => ({ taskId: z.string(), chunk: z.string() }),

  /** The command ended, or Wave stopped it; `outputSize` is the authoritative total. */
  backgroundTaskEnded: () => ({
    taskId: z.string(),
    status: BackgroundTaskStatusSchema.exclude(['running']),
    exitCode: z.number().nullable(),
    outputSize: z.number(),
    endedAt: z.number(),
    reason: z.string().optional(),
  }),

  /** How the session's commands are sandboxed, whole (it is small): replaces the previous one. */
  sandboxStatusChanged: () => ({ status: SandboxStatusSchema }),

  /** Wave starts an MCP server (or connects to its URL); it has no tools until it is connected. */
  mcpServerConnecting: () => ({
    server: z.string(),
    transport: McpTransportSchema,
    /** The command line, or the URL. */
    target: z.string(),
    at: z.number(),
  }),

  /** The server answered; these tools (as the model names them) are offered from the next model call. */
  mcpServerConnected: () => ({
    server: z.string(),
    tools: z.array(z.string()).readonly(),
    /** The prompts it offers (slash commands in every host); absent when it has none. */
    prompts: z.array(McpPromptInfoSchema).readonly().optional(),
    /** The resources it lists (`@<server>:<uri>` mentions); absent when it has none. */
    resources: z.array(McpResourceInfoSchema).readonly().optional(),
    at: z.number(),
  }),

  /** It could not be started or reached, or it stopped answering: its tools are gone. */
  mcpServerFailed: () => ({ server: z.string(), reason: z.string(), at: z.number() }),

  /** Wave closed the connection (the session ended); `reason` when it was not Wave's doing. */
  mcpServerClosed: () => ({ server: z.string(), reason: z.string().optional(), at: z.number() }),

  /**
   * Wave read the memory files, custom commands and skills (at the session's start, after /clear
   * or a restore): the lists replace the previous ones (they are short and read whole).
   */
  contextLoaded: () => ({ context: ProjectContextSchema }),

  /**
   * The whole session was replaced (/clear, /resume, a restore): a pull pushed to every host.
   * Its `state.sessionId` names the session from now on.
   */
  sessionReplaced: () => ({ state: SessionStateSchema }),

  /** A model request of the session's own turns was measured (/context): replaces the last one. */
  contextWindowMeasured: () => ({ use: ContextWindowUseSchema }),
});
