// The client → server methods of Wave's protocol (`wave --stdio` speaks it as JSON-RPC 2.0 with
// vscode-jsonrpc framing; the in-process and message-port transports carry the same table). The
// schemas are the source of truth; the TypeScript types are inferred from them.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import { ContextScopeSchema } from './project-context.js';
import { ImageMediaTypeSchema, MessageListSchema } from './message-schemas.js';
import { PermissionDecisionSchema } from './permission-decision.js';
import { PermissionModeSchema } from './permission-mode.js';
import { UserAnswerSchema } from './user-questions.js';
import { EffortLevelSchema } from './effort-level.js';
import {
  AddPermissionRuleParamsSchema,
  GetPermissionRulesResultSchema,
  PermissionRuleChangeResultSchema,
  RemovePermissionRuleParamsSchema,
} from './permission-rules.js';
import {
  ChangePluginParamsSchema,
  ChangePluginResultSchema,
  ListPluginsResultSchema,
} from './plugin-browser.js';
import { ProviderNameSchema } from './provider-name.js';
import { AddWorkFolderParamsSchema, AddWorkFolderResultSchema } from './work-folders.js';
import { HostNameSchema } from './host-name.js';
import { QueuedMessageListSchema, SessionSummarySchema } from './session-records.js';
import { SessionStateSchema } from './session-state-schema.js';

const SessionParamsSchema = lazySchema(() => z.object({ sessionId: z.string() }));

/**
 * The result of a method that only acknowledges: the peer sends `null` for a handler
 * that returns nothing. Failures are JSON-RPC errors (see `RPC_ERROR_CODES`).
 */
const AcknowledgedSchema = lazySchema(() => z.null());

const RestartMcpServerParamsSchema = lazySchema(() =>
  z.object({ sessionId: z.string(), server: z.string() }),
);

/**
 * /doctor's look at the session model's endpoint: whether it answered, and a sentence for what
 * is wrong (a refused key, DNS, a refused connection, TLS) or what it answered. Never the key.
 */
export const EndpointCheckSchema = lazySchema(() =>
  z.object({
    reachable: z.boolean(),
    /** The endpoint's origin (scheme, host, port), empty when the URL is not valid. */
    origin: z.string(),
    found: z.string().optional(),
    problem: z.string().optional(),
  }),
);
/** `check: undefined` for a model with no endpoint to ask (the demo, Vertex). */
const CheckModelEndpointResultSchema = lazySchema(() =>
  z.object({ check: EndpointCheckSchema.optional() }),
);

const MessagesResultSchema = lazySchema(() => z.object({ messages: MessageListSchema }));

export const InitializeParamsSchema = lazySchema(() =>
  z.object({
    workdir: z.string(),
    provider: ProviderNameSchema.optional(),
    model: z.string().optional(),
    baseURL: z.string().optional(),
    apiKey: z.string().optional(),
    permissionMode: PermissionModeSchema.optional(),
    /** Resume this session instead of starting a new one. */
    sessionId: z.string().optional(),
    /** The host showing the session, so what Wave tells the user fits it (e.g. how to set a key). */
    host: HostNameSchema.optional(),
  }),
);

/**
 * The whole session state and the sequence number of the last event it includes: batches up to
 * that number are already in it, and the next batch starts right after it.
 */
export const SessionSnapshotSchema = lazySchema(() =>
  z.object({
    state: SessionStateSchema,
    seq: z.number().int().nonnegative(),
  }),
);

export const InitializeResultSchema = lazySchema(() =>
  SessionSnapshotSchema.extend({
    sessionId: z.string(),
    model: z.string(),
    provider: ProviderNameSchema,
  }),
);

/** The most attachments one message carries; the largest pasted image (base64 of ~5 MB). */
export const MAX_ATTACHMENTS_PER_MESSAGE = 20;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/**
 * What a host attaches to a message beside the `@path` mentions in its text (which the agent
 * finds itself): a file of the work folder, whole or some of its lines (VS Code's "Add to
 * Prompt"), or an image's bytes (pasted or dropped). A file that is an image is attached as one.
 */
export const AttachmentInputSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('file'),
      /** Relative to the work folder, or absolute inside it. */
      path: z.string().min(1).max(4096),
      lines: z.object({ from: z.number().int().min(1), to: z.number().int().min(1) }).optional(),
    }),
    z.object({
      type: z.literal('image'),
      name: z.string().min(1).max(255),
      mediaType: ImageMediaTypeSchema,
      /** The image's bytes, base64. */
      data: z.string().min(1).max(MAX_IMAGE_BASE64_LENGTH),
    }),
  ]),
);

export const SendMessageParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    text: z.string(),
    attachments: z.array(AttachmentInputSchema).max(MAX_ATTACHMENTS_PER_MESSAGE).optional(),
  }),
);
/** `queued: true` when a turn was running: the text waits in the queue. */
export const SendMessageResultSchema = lazySchema(() => z.object({ queued: z.boolean() }));

export const ClearMessagesResultSchema = lazySchema(() => z.object({ sessionId: z.string() }));

export const REWIND_RESTORE_TARGETS = ['conversation', 'files', 'both'] as const;

export const RewindToMessageParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    messageId: z.string(),
    /** Carried by the `messagesRewound` event of this cut, so the host knows it answers its request. */
    requestId: z.string().optional(),
    restore: z.enum(REWIND_RESTORE_TARGETS).optional(),
  }),
);
/** A file /rewind left alone, and why (e.g. it changed outside Wave since). */
export const RewindConflictSchema = lazySchema(() =>
  z.object({ path: z.string(), reason: z.string() }),
);

export const RewindToMessageResultSchema = lazySchema(() =>
  z.object({
    ok: z.boolean(),
    error: z.string().optional(),
    /** Whether the conversation was cut (false for `restore: "files"`): hosts truncate only then. */
    conversationCut: z.boolean().optional(),
    /** Files put back as they were. */
    restoredFiles: z.array(z.string()).readonly().optional(),
    conflicts: z.array(RewindConflictSchema).readonly().optional(),
  }),
);

export const CompactParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    instructions: z.string().optional(),
  }),
);

export const BangParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ command: z.string() }),
);

export const AskBtwParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ question: z.string() }),
);
/** The answer streams as `btwUpdated` notifications carrying this id. */
export const AskBtwResultSchema = lazySchema(() => z.object({ btwId: z.string() }));

export const ListSessionsParamsSchema = lazySchema(() =>
  z.object({ workdir: z.string().optional() }),
);
export const ListSessionsResultSchema = lazySchema(() =>
  z.object({
    sessions: z.array(SessionSummarySchema).readonly(),
    /** Session files that could not be read and are left out, as sentences. */
    problems: z.array(z.string()).readonly().optional(),
  }),
);

export const SetPermissionModeParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    mode: PermissionModeSchema,
  }),
);

export const SetEffortParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    effort: EffortLevelSchema,
  }),
);

/** The level in force, and a sentence when the current model does not use it (no thinking). */
export const SetEffortResultSchema = lazySchema(() =>
  z.object({ effort: EffortLevelSchema, note: z.string().optional() }),
);

export const RestoreSessionParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    /** The stored session (listSessions) that the open session switches to. */
    storedSessionId: z.string(),
  }),
);
export const RestoreSessionResultSchema = lazySchema(() =>
  z.object({
    /** The id the session has from now on (the stored one). */
    sessionId: z.string(),
    /** Lines of the session file that were skipped, as sentences. */
    problems: z.array(z.string()).readonly(),
  }),
);

export const AnswerPermissionParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    requestId: z.string(),
    decision: PermissionDecisionSchema,
    /** With "deny": what the user said; the model reads it. */
    reason: z.string().optional(),
  }),
);
/** `answered: false` when the question was no longer waiting (another host answered, it timed out). */
export const AnswerPermissionResultSchema = lazySchema(() => z.object({ answered: z.boolean() }));

export const AnswerUserQuestionParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ requestId: z.string(), answer: UserAnswerSchema }),
);
/** `answered: false` when the question was no longer waiting (another host answered it). */
export const AnswerUserQuestionResultSchema = lazySchema(() => z.object({ answered: z.boolean() }));

/** `model`: a configured model's name, or a model id of the current provider. */
export const SetModelParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ model: z.string() }),
);

export const CloseBtwParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ btwId: z.string() }),
);

/** `# text` in a UI: a line for the project's memory file or the user's ($WAVE_HOME/AGENTS.md). */
export const AddMemoryLineParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    scope: ContextScopeSchema,
    text: z.string().min(1).max(2000),
  }),
);
/** The file the line went to. */
export const AddMemoryLineResultSchema = lazySchema(() => z.object({ path: z.string() }));

/** `@` completion: the work folder's files and folders that match what follows the `@`. */
export const FindFilesParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    /** What the user typed after `@` (a path's start or letters of it, matched fuzzily). */
    query: z.string().max(1024),
    limit: z.number().int().min(1).max(200).optional(),
  }),
);
export const FoundFileSchema = lazySchema(() =>
  z.object({
    /** Relative to the work folder, `/`-separated; a folder's path ends in `/`. */
    path: z.string(),
    folder: z.boolean(),
  }),
);
export const FindFilesResultSchema = lazySchema(() =>
  z.object({
    /** Best match first. */
    files: z.array(FoundFileSchema).readonly(),
    /** Set when the folder had more files than the index holds: matches beyond it are not offered. */
    incomplete: z.boolean().optional(),
  }),
);

export const GetQueuedMessagesResultSchema = lazySchema(() =>
  z.object({ queued: QueuedMessageListSchema }),
);

export const EditQueuedMessageParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({
    id: z.string(),
    text: z.string(),
  }),
);

export const RemoveQueuedMessageParamsSchema = lazySchema(() =>
  SessionParamsSchema.extend({ id: z.string() }),
);

/** Every method: its params schema and its result schema. */
export const RPC_METHODS = {
  initialize: { params: InitializeParamsSchema, result: InitializeResultSchema },
  sendMessage: { params: SendMessageParamsSchema, result: SendMessageResultSchema },
  abortMessage: { params: SessionParamsSchema, result: AcknowledgedSchema },
  getMessages: { params: SessionParamsSchema, result: MessagesResultSchema },
  /** Starts a fresh session; the result names it (so does the `sessionReplaced` event). */
  clearMessages: { params: SessionParamsSchema, result: ClearMessagesResultSchema },
  rewindToMessage: { params: RewindToMessageParamsSchema, result: RewindToMessageResultSchema },
  compact: { params: CompactParamsSchema, result: AcknowledgedSchema },
  bang: { params: BangParamsSchema, result: AcknowledgedSchema },
  askBtw: { params: AskBtwParamsSchema, result: AskBtwResultSchema },
  restoreSession: { params: RestoreSessionParamsSchema, result: RestoreSessionResultSchema },
  listSessions: { params: ListSessionsParamsSchema, result: ListSessionsResultSchema },
  setPermissionMode: { params: SetPermissionModeParamsSchema, result: AcknowledgedSchema },
  getQueuedMessages: { params: SessionParamsSchema, result: GetQueuedMessagesResultSchema },
  editQueuedMessage: { params: EditQueuedMessageParamsSchema, result: AcknowledgedSchema },
  removeQueuedMessage: { params: RemoveQueuedMessageParamsSchema, result: AcknowledgedSchema },
  /** Ends the session for every host: its turn stops, its file is closed. */
  destroy: { params: SessionParamsSchema, result: AcknowledgedSchema },
  /** The whole session state (a pull): replaces the host's, batches after it append. */
  getSessionState: { params: SessionParamsSchema, result: SessionSnapshotSchema },
  /** Joins a session another host opened (a second window, a reloaded webview): a pull, then batches. */
  attachSession: { params: SessionParamsSchema, result: SessionSnapshotSchema },
  /** Stops sending this session's batches to this connection; the session goes on. */
  detachSession: { params: SessionParamsSchema, result: AcknowledgedSchema },
  answerPermission: { params: AnswerPermissionParamsSchema, result: AnswerPermissionResultSchema },
  /** Answers the model's question or plan (`state.userQuestions`); the first answer counts. */
  answerUserQuestion: {
    params: AnswerUserQuestionParamsSchema,
    result: AnswerUserQuestionResultSchema,
  },
  /**
   * Switches the model for the rest of this session: a configured model by its name (an entry of
   * `state.models`, with its own provider, endpoint and key), or another model id of the current
   * provider (same endpoint and key).
   */
  setModel: { params: SetModelParamsSchema, result: AcknowledgedSchema },
  /** How hard the model thinks from the next model call on (session state: `effortChanged`). */
  setEffort: { params: SetEffortParamsSchema, result: SetEffortResultSchema },
  /** The permission rules in force, each with its settings file (/permissions). */
  getPermissionRules: { params: SessionParamsSchema, result: GetPermissionRulesResultSchema },
  /** Adds a rule to the user's or the folder's local settings file; it holds at once. */
  addPermissionRule: {
    params: AddPermissionRuleParamsSchema,
    result: PermissionRuleChangeResultSchema,
  },
  /** Removes a rule from the file it is written in; it stops holding at once. */
  removePermissionRule: {
    params: RemovePermissionRuleParamsSchema,
    result: PermissionRuleChangeResultSchema,
  },
  /** Puts the /btw answer away, stopping it if it is still coming. */
  closeBtw: { params: CloseBtwParamsSchema, result: AcknowledgedSchema },
  /**
   * Appends a line to a memory file (the project's AGENTS.md, CLAUDE.md or WAVE.md in the work
   * folder, whichever exists first, else a new AGENTS.md; or the user's), and reads the memory
   * again: the next model call has it, every host gets `contextLoaded`.
   */
  addMemoryLine: { params: AddMemoryLineParamsSchema, result: AddMemoryLineResultSchema },
  /**
   * The `@` completion list: files and folders of the work folder (as git sees them: what
   * `.gitignore` leaves out is left out) that match the query, best first.
   */
  findFiles: { params: FindFilesParamsSchema, result: FindFilesResultSchema },
  /** One more work folder for the session (/add-dir): it must exist and be a folder. */
  addWorkFolder: { params: AddWorkFolderParamsSchema, result: AddWorkFolderResultSchema },
  /**
   * Stops an MCP server of the session (if it runs) and starts it again with its configuration;
   * its status events say how it went. An unknown name is invalid params.
   */
  restartMcpServer: { params: RestartMcpServerParamsSchema, result: AcknowledgedSchema },
  /** /doctor: one bounded request to the session model's endpoint, with the key it uses. */
  checkModelEndpoint: { params: SessionParamsSchema, result: CheckModelEndpointResultSchema },
  /** The known marketplaces' plugins and the installed ones, with their state (/plugin). */
  listPlugins: { params: SessionParamsSchema, result: ListPluginsResultSchema },
  /** Installs, uninstalls, enables or disables a plugin; it holds from the next session on. */
  changePlugin: { params: ChangePluginParamsSchema, result: ChangePluginResultSchema },
} as const satisfies Record<string, { readonly params: z.ZodType; readonly result: z.ZodType }>;

export type RpcMethodName = keyof typeof RPC_METHODS;
export type RpcMethodParams<M extends RpcMethodName> = z.output<(typeof RPC_METHODS)[M]['params']>;
export type RpcMethodResult<M extends RpcMethodName> = z.output<(typeof RPC_METHODS)[M]['result']>;

/** The methods that act on one open session: their params carry its id. */
export type SessionMethodName = {
  [M in RpcMethodName]: RpcMethodParams<M> extends { readonly sessionId: string } ? M : never;
}[RpcMethodName];

/** A session method's params without the session's id (a session handle adds it). */
export type SessionMethodParams<M extends SessionMethodName> = Omit<
  RpcMethodParams<M>,
  'sessionId'
>;

export function isRpcMethodName(name: string): name is RpcMethodName {
  return Object.hasOwn(RPC_METHODS, name);
}

export const RPC_METHOD_NAMES: readonly RpcMethodName[] =
  Object.keys(RPC_METHODS).filter(isRpcMethodName);

export type InitializeParams = RpcMethodParams<'initialize'>;
export type InitializeResult = RpcMethodResult<'initialize'>;
export type SendMessageParams = RpcMethodParams<'sendMessage'>;
export type SendMessageResult = RpcMethodResult<'sendMessage'>;
export type AttachmentInput = z.output<typeof AttachmentInputSchema>;
export type EndpointCheck = z.output<typeof EndpointCheckSchema>;
export type FoundFile = z.output<typeof FoundFileSchema>;
export type RewindToMessageParams = RpcMethodParams<'rewindToMessage'>;
export type RewindToMessageResult = RpcMethodResult<'rewindToMessage'>;
export type RewindRestoreTarget = (typeof REWIND_RESTORE_TARGETS)[number];
export type SessionSnapshot = RpcMethodResult<'getSessionState'>;
