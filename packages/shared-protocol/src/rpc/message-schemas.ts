// Runtime schemas of the message types in messages.ts, for validating what crosses a process
// boundary. `schema-type-equality.ts` proves at compile time that each one matches its type.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import type { Message } from '../messages.js';

export const StreamStageSchema = lazySchema(() => z.enum(['streaming', 'end']));
export const ToolStageSchema = lazySchema(() => z.enum(['start', 'streaming', 'running', 'end']));
export const BangStageSchema = lazySchema(() => z.enum(['running', 'end']));
export const NoticeLevelSchema = lazySchema(() => z.enum(['info', 'warning']));
export const RoleSchema = lazySchema(() => z.enum(['user', 'assistant', 'system']));
export const FinishReasonSchema = lazySchema(() =>
  z.enum(['stop', 'length', 'tool-calls', 'content-filter', 'aborted', 'error', 'other']),
);

export const ProviderMetadataSchema = lazySchema(() =>
  z.record(z.string(), z.record(z.string(), z.json())),
);

export const TextBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('text'),
    content: z.string(),
    stage: StreamStageSchema,
    toModel: z.string().optional(),
    providerMetadata: ProviderMetadataSchema.optional(),
  }),
);

export const ReasoningSegmentSchema = lazySchema(() =>
  z.object({
    from: z.number().int().nonnegative(),
    startedAt: z.number().optional(),
    endedAt: z.number().optional(),
  }),
);

export const ReasoningBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('reasoning'),
    content: z.string(),
    stage: StreamStageSchema,
    startedAt: z.number().optional(),
    endedAt: z.number().optional(),
    segments: z.array(ReasoningSegmentSchema).readonly().optional(),
    providerMetadata: ProviderMetadataSchema.optional(),
  }),
);

export const HookRunStageSchema = lazySchema(() => z.enum(['running', 'end']));
export const HookRunOutcomeSchema = lazySchema(() =>
  z.enum(['ok', 'blocked', 'failed', 'timeout', 'aborted']),
);

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

export const HookRunSchema = lazySchema(() => z.object(HookRunShape));

export const HookBlockSchema = lazySchema(() =>
  z.object({ type: z.literal('hook'), ...HookRunShape }),
);

export const UnaskedReasonSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('read-only') }),
    z.object({ kind: z.literal('sandbox') }),
    z.object({ kind: z.literal('rule'), rule: z.string(), source: z.string() }),
    z.object({ kind: z.literal('mode'), mode: z.enum(['acceptEdits', 'bypassPermissions']) }),
    z.object({ kind: z.literal('allowed-tools') }),
    z.object({ kind: z.literal('session') }),
    z.object({ kind: z.literal('hook') }),
  ]),
);

export const ToolBlockSchema = lazySchema(() =>
  z.object({
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
    unasked: UnaskedReasonSchema.optional(),
    // Lazy and typed by hand: a thread holds messages, which hold tool blocks (a recursive schema).
    thread: z.lazy((): z.ZodType<readonly Message[]> => MessageListSchema).optional(),
    hooks: z.array(HookRunSchema).readonly().optional(),
    providerMetadata: ProviderMetadataSchema.optional(),
  }),
);

export const BangBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('bang'),
    command: z.string(),
    output: z.string(),
    stage: BangStageSchema,
    exitCode: z.number().nullable().optional(),
    sandboxed: z.boolean().optional(),
  }),
);

export const ErrorBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('error'),
    message: z.string(),
  }),
);

export const NoticeBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('notice'),
    message: z.string(),
    level: NoticeLevelSchema,
    toModel: z.string().optional(),
  }),
);

export const CompactBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('compact'),
    summary: z.string(),
  }),
);

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const ImageMediaTypeSchema = lazySchema(() => z.enum(IMAGE_MEDIA_TYPES));

export function isImageMediaType(type: string): type is (typeof IMAGE_MEDIA_TYPES)[number] {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(type);
}

export const AttachmentBlockSchema = lazySchema(() =>
  z.object({
    type: z.literal('attachment'),
    kind: z.enum(['file', 'image']),
    name: z.string(),
    lines: z.object({ from: z.number().int(), to: z.number().int() }).optional(),
    bytes: z.number().int().nonnegative(),
    truncated: z.boolean().optional(),
    mediaType: ImageMediaTypeSchema.optional(),
    ref: z.string(),
  }),
);

export const BlockSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    TextBlockSchema,
    ReasoningBlockSchema,
    ToolBlockSchema,
    BangBlockSchema,
    ErrorBlockSchema,
    NoticeBlockSchema,
    CompactBlockSchema,
    HookBlockSchema,
    AttachmentBlockSchema,
  ]),
);

export const UsageSchema = lazySchema(() =>
  z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    reasoningTokens: z.number().optional(),
    cachedInputTokens: z.number().optional(),
    cacheWriteTokens: z.number().optional(),
  }),
);

export const MessageSchema = lazySchema(() =>
  z.object({
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
  }),
);

export const MessageListSchema = lazySchema(() => z.array(MessageSchema).readonly());
