// The scenario file format: a script of model turns, written once and served in both wire formats.

/** Long generated text, so huge replies need not be stored in files. */
export type GeneratedText =
  /** `pattern` repeated `count` times, e.g. `{ pattern: "abc ", count: 3 }` → "abc abc abc ". */
  | { repeat: { pattern: string; count: number } }
  /** Numbered words joined by single spaces: `{ count: 3 }` → "w1 w2 w3" (prefix "w", start 1). */
  | { numberedWords: { count: number; prefix?: string; start?: number } };

/** Text given literally or generated; exactly one of `text`, `repeat`, `numberedWords`. */
export type TextSource = { text: string } | GeneratedText;

/** Reasoning: OpenAI `reasoning_content`, Anthropic a `thinking` block closed by a signature. */
export type ReasoningPart = { type: 'reasoning'; signature?: string } & TextSource;

/** Visible text: OpenAI `content`, Anthropic a `text` block. */
export type TextPart = { type: 'text' } & TextSource;

/** A tool call: OpenAI `tool_calls[]`, Anthropic a `tool_use` block; `input` is sent as JSON. */
export interface ToolCallPart {
  type: 'tool_call';
  /** Defaults to `call_mock_<turn>_<n>` (OpenAI) or `toolu_mock_<turn>_<n>` (Anthropic). */
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

export type ReplyPart = ReasoningPart | TextPart | ToolCallPart;

/**
 * Why the model stopped, in Anthropic's words; OpenAI gets the matching `finish_reason`
 * (end_turn/stop_sequence → stop, tool_use → tool_calls, max_tokens → length, refusal → content_filter).
 */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal';

export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * A request picks a turn in two passes: first the turns with content matchers
 * (`lastUserContains`, `lastToolResultContains`) whose conditions all hold; then the turn
 * whose `turnIndex` equals the number of turns served so far; then, when no turn has that
 * `turnIndex`, the turn at that position in `turns` if it has no `match` at all.
 * Content matchers are tried in list order and may match again later in the conversation
 * (the last user text stays the same across tool round trips), so pin a turn with `turnIndex`
 * too when it must answer only once.
 */
export interface TurnMatch {
  /** How many turns must have been served before this one (0 for the first). */
  turnIndex?: number;
  /** The last user message that carries text contains this string. */
  lastUserContains?: string;
  /** One of the tool results sent since the last assistant message contains this string. */
  lastToolResultContains?: string;
}

/**
 * A fault replaces one attempt at a turn; `faults[i]` hits attempt i, and the attempt after
 * the last fault gets the real reply. A faulted attempt does not count as served, except
 * `split-utf8` and `hold`, which still deliver the whole reply.
 *
 * `afterChunks` counts SSE events already written. Where it is optional, leaving it out
 * means "before the response headers" (reset, stall) or "as the first event" (the rest).
 */
export type Fault =
  /** An HTTP error with the provider's error body; `retryAfterSeconds` → `retry-after`, `retryAfterMs` → `retry-after-ms`. */
  | {
      kind: 'http';
      status: number;
      message?: string;
      errorType?: string;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
    }
  /** The TCP connection is reset (RST) after `afterChunks` events, or before any response. */
  | { kind: 'reset'; afterChunks?: number }
  /** Writing stops for `stallMs` with the socket open, then the socket is destroyed (default) or the response ended. */
  | { kind: 'stall'; stallMs: number; afterChunks?: number; then?: 'destroy' | 'end' }
  /** A line that is not valid SSE JSON is written after `afterChunks` events; the stream then goes on. */
  | { kind: 'malformed'; afterChunks?: number; line?: string }
  /**
   * An in-stream error event (Anthropic `event: error`, OpenAI `data: {"error":…}`), then the
   * stream ends. `line` replaces that event with one recorded from a real server, written as given
   * (e.g. an OpenRouter error chunk or vLLM's top-level error object).
   */
  | {
      kind: 'stream-error';
      afterChunks?: number;
      errorType?: string;
      message?: string;
      line?: string;
    }
  /** Each event holding a multi-byte UTF-8 character is written in two socket writes, split inside that character. */
  | { kind: 'split-utf8'; pauseMs?: number }
  /**
   * Writing pauses after `afterChunks` events until the test calls `release()` on the server,
   * then the stream goes on: a reply that lasts exactly as long as the test needs. Like
   * `split-utf8`, the attempt delivers the whole reply.
   */
  | { kind: 'hold'; afterChunks: number };

export type FaultKind = Fault['kind'];

/**
 * A stream recorded from a real API, served as it was recorded instead of a scripted reply: one
 * event's JSON per line (the AI SDK's `__fixtures__/*.chunks.txt` format), framed for the
 * endpoint asked (Anthropic and Responses: `event: <type>` + `data:`; Chat Completions: `data:`
 * and a final `[DONE]`). Streaming requests only.
 */
export interface RecordedStream {
  /** The file, absolute or relative to the working directory. */
  file: string;
  /**
   * Bytes per socket write (default: all at once). An odd size cuts events, lines and UTF-8
   * characters at arbitrary places, as a network may.
   */
  writeBytes?: number;
  /** Milliseconds between writes when `writeBytes` is set (default 1), so each arrives on its own. */
  pauseMs?: number;
}

export interface Turn {
  /** Shown in logs and in the "no turn matched" error. */
  label?: string;
  match?: TurnMatch;
  /** Characters per delta (overrides the scenario's). */
  chunkSize?: number;
  /** Milliseconds between SSE events (overrides the scenario's). */
  delayMs?: number;
  faults?: Fault[];
  /** Empty (or left out in a file) when `recorded` answers instead. */
  reply: ReplyPart[];
  recorded?: RecordedStream;
  /** Defaults: input ≈ request characters / 4, output ≈ reply characters / 4. */
  usage?: TurnUsage;
  /** Defaults to `tool_use` when the reply has a tool call, else `end_turn`. */
  stopReason?: StopReason;
}

export interface Scenario {
  name: string;
  description?: string;
  /** Characters per delta; default 8. */
  chunkSize?: number;
  /** Milliseconds between SSE events; default 0 (written as fast as the socket drains). */
  delayMs?: number;
  turns: Turn[];
}
