// The conversation as every consumer holds it. All of it is read-only: state changes only
// through `applyEvent`, which copies the path it changes (ARCHITECTURE §2.3).

/** Text and reasoning blocks stream, end, and may reopen within one model call. */
export type StreamStage = 'streaming' | 'end';

/** A tool call's life: announced, parameters streaming, executing, finished. */
export type ToolStage = 'start' | 'streaming' | 'running' | 'end';

/**
 * Why a tool call ran without anyone being asked, shown on its card: the read-only list
 * (a command that only reads), the sandbox (it ran confined), an allow rule (which, and where),
 * the permission mode, the tools allowed by option, an earlier "allow for this session", or a
 * PreToolUse hook. Absent when a person was asked, and for tools that never ask (Read, Grep).
 */
export type UnaskedReason =
  | { readonly kind: 'read-only' }
  | { readonly kind: 'sandbox' }
  | { readonly kind: 'rule'; readonly rule: string; readonly source: string }
  | { readonly kind: 'mode'; readonly mode: 'acceptEdits' | 'bypassPermissions' }
  | { readonly kind: 'allowed-tools' }
  | { readonly kind: 'session' }
  | { readonly kind: 'hook' };

/** A `!command` typed by the user runs like a tool: running, then end. */
export type BangStage = 'running' | 'end';

/** Any JSON value (what can cross the wire and be stored unchanged). */
export type JsonValue =
  null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Opaque provider data that must travel back to the model (e.g. Anthropic thinking signatures). */
export type ProviderMetadata = Record<string, JsonObject>;

export interface TextBlock {
  readonly type: 'text';
  readonly content: string;
  readonly stage: StreamStage;
  /**
   * What the model reads in place of `content`, for a user message the agent expanded (a custom
   * slash command: the user sees `/review 12`, the model its prompt). Absent: the content.
   */
  readonly toModel?: string;
  /** Provider data that goes back with the text (e.g. Gemini's thought signature on its last part). */
  readonly providerMetadata?: ProviderMetadata;
}

export interface ReasoningBlock {
  readonly type: 'reasoning';
  readonly content: string;
  readonly stage: StreamStage;
  /** Epoch ms of the first reasoning chunk; the live "Thinking 9s" clock counts from it. */
  readonly startedAt?: number;
  /** Epoch ms of the last end; "Thought for 15s" = endedAt - startedAt. */
  readonly endedAt?: number;
  /**
   * Set once the block has reopened (the model thought again after writing, ARCHITECTURE §2.7): each
   * stretch of thinking with its own clock, in order; the first starts at 0. A block that never
   * reopened is one stretch, timed by `startedAt` and `endedAt`.
   */
  readonly segments?: readonly ReasoningSegment[];
  readonly providerMetadata?: ProviderMetadata;
}

/** One stretch of a reopened reasoning block, as the SDK timed it. */
export interface ReasoningSegment {
  /** Where the stretch starts in the block's `content`. */
  readonly from: number;
  readonly startedAt?: number;
  readonly endedAt?: number;
}

export interface ToolBlock {
  readonly type: 'tool';
  /** The provider's tool-call id; unique within a message. */
  readonly id: string;
  readonly name: string;
  readonly stage: ToolStage;
  /** The call's input as JSON text: grows while streaming, authoritative from `running` on. */
  readonly parameters: string;
  /** A one-line summary of the parameters for the collapsed view (e.g. a file path). */
  readonly compactParams?: string;
  /** The tool's output: grows while running, authoritative at `end`. */
  readonly result?: string;
  /** A bounded tail of the output (the last few lines) for the collapsed view. */
  readonly shortResult?: string;
  /** Set when the call failed, was denied, or was skipped; the model sees it as the result. */
  readonly error?: string;
  /** Whether the command ran in the sandbox (true) or outside it (false); absent for other tools. */
  readonly sandboxed?: boolean;
  /** Why it ran without a question (on `running` and `end`). */
  readonly unasked?: UnaskedReason;
  /**
   * The conversation of the subagent this call runs (the Task tool), made by the one reducer
   * from the child's own deltas (`subagentEvent`). Display only: the model reads `result`.
   */
  readonly thread?: readonly Message[];
  /** The hooks that ran around this call (PreToolUse, PostToolUse, …), in the order they started. */
  readonly hooks?: readonly HookRun[];
  /** Provider data for the call that goes back with it (e.g. Gemini's thought signature). */
  readonly providerMetadata?: ProviderMetadata;
}

/** A hook's command runs, then ends. */
export type HookRunStage = 'running' | 'end';

/**
 * How a hook run ended. `ok`: exit 0; `blocked`: it stopped what it ran before (exit 2, or
 * `decision: "block"` / `permissionDecision: "deny"` / `continue: false`); `failed`: another exit
 * code or a spawn error (a warning: the work goes on); `timeout` and `aborted`: Wave ended its
 * process group.
 */
export type HookRunOutcome = 'ok' | 'blocked' | 'failed' | 'timeout' | 'aborted';

/** One run of one hook command (a settings file's `hooks` entry), at one point of the turn. */
export interface HookRun {
  readonly id: string;
  /** The hook event, in Claude Code's names (PreToolUse, Stop, SessionStart, …). */
  readonly event: string;
  readonly command: string;
  /** The settings file the hook comes from. */
  readonly source: string;
  readonly stage: HookRunStage;
  /** Set at `end`. */
  readonly outcome?: HookRunOutcome;
  /** Null when a signal ended it; set at `end`. */
  readonly exitCode?: number | null;
  /** What it printed (stdout, then stderr), bounded; set at `end` unless it asked to be quiet. */
  readonly output?: string;
  /** What Wave says about the run: why it blocked, that it timed out, its systemMessage. */
  readonly message?: string;
  /** What the model is told because of it (additionalContext, a Stop hook's reason, …). */
  readonly toModel?: string;
}

/** A hook run that belongs to no tool call (a prompt, a stop, a session's start …). */
export interface HookBlock extends HookRun {
  readonly type: 'hook';
}

export interface BangBlock {
  readonly type: 'bang';
  readonly command: string;
  readonly output: string;
  readonly stage: BangStage;
  /** Null when the process was killed by a signal; absent while running. */
  readonly exitCode?: number | null;
  /** Whether the command ran in the sandbox (true) or outside it (false). */
  readonly sandboxed?: boolean;
}

export interface ErrorBlock {
  readonly type: 'error';
  readonly message: string;
}

export type NoticeLevel = 'info' | 'warning';

export interface NoticeBlock {
  readonly type: 'notice';
  readonly message: string;
  readonly level: NoticeLevel;
  /**
   * The same fact as the model is told it on its next call (e.g. that the user interrupted the
   * reply above), as a user turn. Absent: the notice is for the user only.
   */
  readonly toModel?: string;
}

export interface CompactBlock {
  readonly type: 'compact';
  /** The summary the model context was folded into. */
  readonly summary: string;
}

/** The media types an image attachment may have (what Anthropic's and OpenAI's APIs take). */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/**
 * A file or an image the user attached to their message: an `@path` mention in the text, an image
 * pasted or dropped into the chat UI, VS Code's "Add to Prompt" of a selection. The content is not
 * in the block: the agent keeps a copy in `$WAVE_HOME/attachments/` (by `ref`, a content hash), so a
 * session line holds the reference only and a resumed session sends the model what it saw then.
 * Every UI shows the block as a chip.
 */
export interface AttachmentBlock {
  readonly type: 'attachment';
  readonly kind: 'file' | 'image';
  /** What the chip shows: the path relative to the work folder, or a pasted image's name. */
  readonly name: string;
  /** The lines attached (a selection, 1-based and inclusive); absent: the whole file. */
  readonly lines?: { readonly from: number; readonly to: number };
  /** The size of the kept copy in bytes. */
  readonly bytes: number;
  /** The file was longer than the attachment bound: the copy is its start, and the model is told. */
  readonly truncated?: boolean;
  /** An image's media type. */
  readonly mediaType?: ImageMediaType;
  /** The kept copy: the sha-256 of its bytes in the session's attachment store. */
  readonly ref: string;
}

export type Block =
  | TextBlock
  | ReasoningBlock
  | ToolBlock
  | BangBlock
  | ErrorBlock
  | NoticeBlock
  | CompactBlock
  | HookBlock
  | AttachmentBlock;

export type BlockType = Block['type'];

export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens?: number;
  /** Of inputTokens, those read from the provider's prompt cache. */
  readonly cachedInputTokens?: number;
  /** Of inputTokens, those written to the provider's prompt cache (Anthropic bills them higher). */
  readonly cacheWriteTokens?: number;
}

/**
 * `user` and `assistant` messages are the conversation; `system` messages carry what Wave
 * itself says (notices, compaction) and are never sent to the model as turns, except a
 * notice's `toModel` and a compaction's summary.
 */
export type Role = 'user' | 'assistant' | 'system';

export interface Message {
  readonly id: string;
  readonly role: Role;
  readonly blocks: readonly Block[];
  /** Epoch ms. */
  readonly createdAt: number;
  /** Token usage of the model call(s) that produced an assistant message. */
  readonly usage?: Usage;
  /**
   * Set once a text or reasoning block of the message reopens (R1 → T1 → R2 → T2 … extends the
   * same two blocks, ARCHITECTURE §2.7): every stretch of streamed content in the order it arrived, so
   * a consumer can show it in that order. Before the first reopen the blocks' order is that order.
   */
  readonly stretches?: readonly StreamStretch[];
}

/** One stretch of streamed text or reasoning: `blocks[blockIndex].content.slice(from, next)`. */
export interface StreamStretch {
  readonly blockIndex: number;
  /** Where the stretch starts in the block's content; it ends where the block's next one starts. */
  readonly from: number;
}

export type FinishReason =
  'stop' | 'length' | 'tool-calls' | 'content-filter' | 'aborted' | 'error' | 'other';
