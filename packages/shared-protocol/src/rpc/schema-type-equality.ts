// Compile-time proof that the zod schemas and the hand-written types in messages.ts and
// events.ts never drift (both directions, every event and block). A failure names what drifted.

import type { z } from 'zod';
import type { AgentEvent, AgentEventPayload, AgentEventType } from '../events.js';
import type {
  BangBlock,
  Block,
  CompactBlock,
  ErrorBlock,
  Message,
  NoticeBlock,
  ProviderMetadata,
  ReasoningBlock,
  TextBlock,
  ToolBlock,
  Usage,
} from '../messages.js';
import type { AGENT_EVENT_SCHEMAS, AgentEventSchema } from './event-schemas.js';
import type {
  BangBlockSchema,
  BlockSchema,
  CompactBlockSchema,
  ErrorBlockSchema,
  MessageSchema,
  NoticeBlockSchema,
  ProviderMetadataSchema,
  ReasoningBlockSchema,
  TextBlockSchema,
  ToolBlockSchema,
  UsageSchema,
} from './message-schemas.js';
import type { RPC_NOTIFICATIONS } from './notifications.js';
import type { Equivalent, MustBeNever, MustBeTrue } from './type-equivalence.js';

type EventMismatch = {
  [T in AgentEventType]: Equivalent<
    z.output<(typeof AGENT_EVENT_SCHEMAS)[T]>,
    Extract<AgentEvent, { type: T }>
  > extends true
    ? never
    : T;
}[AgentEventType];

type _EveryEventMatches = MustBeNever<EventMismatch>;
type _EventUnionMatches = MustBeTrue<Equivalent<z.output<typeof AgentEventSchema>, AgentEvent>>;

interface SchemaForType {
  text: [typeof TextBlockSchema, TextBlock];
  reasoning: [typeof ReasoningBlockSchema, ReasoningBlock];
  tool: [typeof ToolBlockSchema, ToolBlock];
  bang: [typeof BangBlockSchema, BangBlock];
  error: [typeof ErrorBlockSchema, ErrorBlock];
  notice: [typeof NoticeBlockSchema, NoticeBlock];
  compact: [typeof CompactBlockSchema, CompactBlock];
  block: [typeof BlockSchema, Block];
  message: [typeof MessageSchema, Message];
  usage: [typeof UsageSchema, Usage];
  providerMetadata: [typeof ProviderMetadataSchema, ProviderMetadata];
}

type MessageTypeMismatch = {
  [K in keyof SchemaForType]: Equivalent<
    z.output<SchemaForType[K][0]>,
    SchemaForType[K][1]
  > extends true
    ? never
    : K;
}[keyof SchemaForType];

type _EveryMessageTypeMatches = MustBeNever<MessageTypeMismatch>;

type _EveryBlockTypeIsChecked = MustBeNever<Exclude<Block['type'], keyof SchemaForType>>;

/** An event's notification params are its payload plus `sessionId`, side by side. */
type NotificationMismatch = {
  [T in AgentEventType]: Equivalent<
    z.output<(typeof RPC_NOTIFICATIONS)[T]>,
    AgentEventPayload<T> & { readonly sessionId: string }
  > extends true
    ? never
    : T;
}[AgentEventType];

type _EveryEventNotificationMatches = MustBeNever<NotificationMismatch>;
