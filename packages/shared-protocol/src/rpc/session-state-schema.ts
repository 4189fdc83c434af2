// Runtime schemas of the session state in session/session-state.ts, for validating a pull
// (getSessionState) or a replace from the other side of a process boundary.
// `schema-type-equality.ts` proves at compile time that each one matches its type.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import { MessageListSchema, UsageSchema } from './message-schemas.js';
import { PermissionModeSchema } from './permission-mode.js';
import { EffortLevelSchema } from './effort-level.js';
import { ProviderNameSchema } from './provider-name.js';
import { QueuedMessageListSchema } from './session-records.js';
import { BackgroundTaskListSchema, TodoListSchema } from './work-records.js';
import { ConfiguredModelListSchema } from './configured-models.js';
import { McpServerStatusListSchema } from './mcp-server-status.js';
import { SandboxStatusSchema } from './sandbox-status.js';
import { ContextWindowUseSchema } from './context-window-use.js';
import { ProjectContextSchema } from './project-context.js';
import { UserQuestionSchema } from './user-questions.js';

export const TURN_ACTIVITIES = ['reply', 'command', 'compaction'] as const;
export const TurnActivitySchema = lazySchema(() => z.enum(TURN_ACTIVITIES));

export const ConversationStateSchema = lazySchema(() =>
  z.object({
    messages: MessageListSchema,
    unmatchedEvents: z.number(),
  }),
);

export const SessionStatusSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('idle') }),
    z.object({
      type: z.literal('running'),
      turnId: z.string(),
      startedAt: z.number(),
      activity: TurnActivitySchema,
    }),
  ]),
);

/** The fields of a permission question; `permissionRequested` carries exactly these. */
export const PERMISSION_QUESTION_SHAPE = {
  requestId: z.string(),
  toolName: z.string(),
  toolCallId: z.string(),
  messageId: z.string().optional(),
  input: z.string(),
  compactParams: z.string().optional(),
  reason: z.string(),
  alwaysRule: z.string().optional(),
  requestedAt: z.number(),
};
export const PermissionQuestionSchema = lazySchema(() => z.object(PERMISSION_QUESTION_SHAPE));

export const SessionModelSchema = lazySchema(() =>
  z.object({
    provider: ProviderNameSchema,
    model: z.string(),
    reason: z.string().optional(),
    name: z.string().optional(),
  }),
);

export const SessionUsageSchema = lazySchema(() =>
  z.object({
    total: UsageSchema,
    byModel: z.record(z.string(), UsageSchema),
    streaming: z.record(z.string(), z.number()),
  }),
);

export const SideQuestionSchema = lazySchema(() =>
  z.object({
    btwId: z.string(),
    question: z.string(),
    answer: z.string(),
    stage: z.enum(['answering', 'answered', 'failed']),
    error: z.string().optional(),
    startedAt: z.number(),
  }),
);

export const HookInForceSchema = lazySchema(() =>
  z.object({
    event: z.string(),
    matcher: z.string(),
    command: z.string(),
    timeoutSeconds: z.number(),
    source: z.string(),
  }),
);

export const SessionStateSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    workdir: z.string(),
    title: z.string().optional(),
    conversation: ConversationStateSchema,
    status: SessionStatusSchema,
    permissionQuestions: z.array(PermissionQuestionSchema).readonly(),
    userQuestions: z.array(UserQuestionSchema).readonly(),
    queue: QueuedMessageListSchema,
    permissionMode: PermissionModeSchema,
    effort: EffortLevelSchema,
    model: SessionModelSchema,
    models: ConfiguredModelListSchema,
    usage: SessionUsageSchema,
    btw: SideQuestionSchema.optional(),
    todos: TodoListSchema,
    backgroundTasks: BackgroundTaskListSchema,
    mcpServers: McpServerStatusListSchema,
    sandbox: SandboxStatusSchema.optional(),
    hooks: z.array(HookInForceSchema).readonly().optional(),
    context: ProjectContextSchema,
    contextWindow: ContextWindowUseSchema.optional(),
  }),
);
