// Runtime schemas of the message types in messages.ts, for validating what crosses a process
// boundary. `schema-type-equality.ts` proves at compile time that each one matches its type.

import { z } from 'zod';
import type { Message } from '../messages.js';

export const StreamStageSchema = z.enum(['streaming', 'end']);
export const ToolStageSchema = z.enum(['start', 'streaming', 'running', 'end']);
export const BangStageSchema = z.enum(['running', 'end']);
export const NoticeLevelSchema = z.enum(['info', 'warning']);
export const RoleSchema = z.enum(['user', 'assistant', 'system']);
export const FinishReasonSchema = z.enum([
  'stop',
  'length',
  'tool-calls',
  'content-filter',
  'aborted',
  'error',
  'other',
]);

export const ProviderMetadataSchema = z.record(z.string(), z.record(z.string(), z.json()));

export const TextBlockSchema = z.object({
  type: z.literal('text'),
  content: z.string(),
  stage: StreamStageSchema,
  toModel: z.string().optional(),
});

export const ReasoningSegmentSchema = z.object({
  from: z.number().int().nonnegative(),
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
});

export const ReasoningBlockSchema = z.object({
  type: z.literal('reasoning'),
  content: z.string(),
  stage: StreamStageSchema,
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  segments: z.array(ReasoningSegmentSchema).readonly().optional(),
  providerMetadata: ProviderMetadataSchema.optional(),
});

export const HookRunStageSchema = z.enum(['running', 'end']);
export const HookRunOutcomeSchema = z.enum(['ok', 'blocked', 'failed', 'timeout', 'aborted']);

export const HookRunShape = {
  id: z.string(),
  event: z.string(),
  command: z.string(),
  source: z.string(),
  stage: HookRunStageSchema,
  outcome: HookRunOutcomeSchema.optional(),
  exitCode: z.number().nullable().optional(),
  output: z.string().optional(),
  message: z.string().optional(),
  toModel: z.string().optional(),
};

export const HookRunSchema = z.object(HookRunShape);

export const HookBlockSchema = z.object({ type: z.literal('hook'), ...HookRunShape });

export const ToolBlockSchema = z.object({
  type: z.literal('tool'),
  id: z.string(),
  name: z.string(),
  stage: ToolStageSchema,
  parameters: z.string(),
  compactParams: z.string().optional(),
  result: z.string().optional(),
  shortResult: z.string().optional(),
  error: z.string().optional(),
  sandboxed: z.boolean().optional(),
  // Lazy and typed by hand: a thread holds messages, which hold tool blocks (a recursive schema).
  thread: z.lazy((): z.ZodType<readonly Message[]> => MessageListSchema).optional(),
  hooks: z.array(HookRunSchema).readonly().optional(),
});

export const BangBlockSchema = z.object({
  type: z.literal('bang'),
  command: z.string(),
  output: z.string(),
  stage: BangStageSchema,
  exitCode: z.number().nullable().optional(),
  sandboxed: z.boolean().optional(),
});

export const ErrorBlockSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
});

export const NoticeBlockSchema = z.object({
  type: z.literal('notice'),
  message: z.string(),
  level: NoticeLevelSchema,
  toModel: z.string().optional(),
});

export const CompactBlockSchema = z.object({
  type: z.literal('compact'),
  summary: z.string(),
});

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const ImageMediaTypeSchema = z.enum(IMAGE_MEDIA_TYPES);

export function isImageMediaType(type: string): type is (typeof IMAGE_MEDIA_TYPES)[number] {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(type);
}

export const AttachmentBlockSchema = z.object({
  type: z.literal('attachment'),
  kind: z.enum(['file', 'image']),
  name: z.string(),
  lines: z.object({ from: z.number().int(), to: z.number().int() }).optional(),
  bytes: z.number().int().nonnegative(),
  truncated: z.boolean().optional(),
  mediaType: ImageMediaTypeSchema.optional(),
  ref: z.string(),
});

export const BlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ReasoningBlockSchema,
  ToolBlockSchema,
  BangBlockSchema,
  ErrorBlockSchema,
  NoticeBlockSchema,
  CompactBlockSchema,
  HookBlockSchema,
  AttachmentBlockSchema,
]);

export const UsageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  reasoningTokens: z.number().optional(),
  cachedInputTokens: z.number().optional(),
});

export const MessageSchema = z.object({
  id: z.string(),
  role: RoleSchema,
  // Read-only like the state it becomes: parsed lists are frozen.
  blocks: z.array(BlockSchema).readonly(),
  createdAt: z.number(),
  usage: UsageSchema.optional(),
  stretches: z
    .array(
      z.object({
        blockIndex: z.number().int().nonnegative(),
        from: z.number().int().nonnegative(),
      }),
    )
    .readonly()
    .optional(),
});

export const MessageListSchema = z.array(MessageSchema).readonly();
