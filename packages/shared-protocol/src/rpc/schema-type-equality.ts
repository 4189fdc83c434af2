// Compile-time proof that the zod schemas and the hand-written types in messages.ts and
// session/session-state.ts never drift (both directions). A failure names what drifted. (Event
// types need no proof: they are derived from their schemas.)
import type { z } from 'zod';
import type {
  AttachmentBlock,
  BangBlock,
  Block,
  CompactBlock,
  ErrorBlock,
  HookBlock,
  HookRun,
  Message,
  NoticeBlock,
  ProviderMetadata,
  ReasoningBlock,
  TextBlock,
  ToolBlock,
  Usage,
} from '../messages.js';
import type {
  PermissionQuestion,
  SessionModel,
  SessionState,
  SessionStatus,
  SessionUsage,
  SideQuestion,
} from '../session/session-state.js';
import type { ConversationState } from '../conversation.js';
import type {
  AttachmentBlockSchema,
  BangBlockSchema,
  BlockSchema,
  CompactBlockSchema,
  ErrorBlockSchema,
  HookBlockSchema,
  HookRunSchema,
  MessageSchema,
  NoticeBlockSchema,
  ProviderMetadataSchema,
  ReasoningBlockSchema,
  TextBlockSchema,
  ToolBlockSchema,
  UsageSchema,
} from './message-schemas.js';
import type {
  ConversationStateSchema,
  PermissionQuestionSchema,
  SessionModelSchema,
  SessionStateSchema,
  SessionStatusSchema,
  SessionUsageSchema,
  SideQuestionSchema,
} from './session-state-schema.js';
import type { Equivalent, MustBeNever } from './type-equivalence.js';

interface SchemaForType {
  text: [typeof TextBlockSchema, TextBlock];
  reasoning: [typeof ReasoningBlockSchema, ReasoningBlock];
  tool: [typeof ToolBlockSchema, ToolBlock];
  bang: [typeof BangBlockSchema, BangBlock];
  error: [typeof ErrorBlockSchema, ErrorBlock];
  notice: [typeof NoticeBlockSchema, NoticeBlock];
  compact: [typeof CompactBlockSchema, CompactBlock];
  hook: [typeof HookBlockSchema, HookBlock];
  attachment: [typeof AttachmentBlockSchema, AttachmentBlock];
  hookRun: [typeof HookRunSchema, HookRun];
  block: [typeof BlockSchema, Block];
  message: [typeof MessageSchema, Message];
  usage: [typeof UsageSchema, Usage];
  providerMetadata: [typeof ProviderMetadataSchema, ProviderMetadata];
  conversation: [typeof ConversationStateSchema, ConversationState];
  sessionStatus: [typeof SessionStatusSchema, SessionStatus];
  permissionQuestion: [typeof PermissionQuestionSchema, PermissionQuestion];
  sessionModel: [typeof SessionModelSchema, SessionModel];
  sessionUsage: [typeof SessionUsageSchema, SessionUsage];
  sideQuestion: [typeof SideQuestionSchema, SideQuestion];
  sessionState: [typeof SessionStateSchema, SessionState];
}

type TypeMismatch = {
  [K in keyof SchemaForType]: Equivalent<
    z.output<SchemaForType[K][0]>,
    SchemaForType[K][1]
  > extends true
    ? never
    : K;
}[keyof SchemaForType];
type _EveryTypeMatches = MustBeNever<TypeMismatch>;
type _EveryBlockTypeIsChecked = MustBeNever<Exclude<Block['type'], keyof SchemaForType>>;
