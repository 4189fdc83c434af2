// What a tool can reach of the session it runs in, beyond files and commands: the task list
// (TodoWrite), the commands left running in the background (Bash, BashOutput, KillBash) and
// subagents (Task). The Agent provides it; a tool without it says the power is not available.
import type { TodoItem } from '@wave-agent/shared-protocol';
import type { CommandLauncher } from '../permissions/sandbox/command-launcher.js';
import type { ToolResult } from './tool-result.js';
import type { SearchOutcome, SearchRequest } from './web/search-backends.js';

export interface BackgroundStart {
  readonly command: string;
  readonly description?: string;
  readonly workdir: string;
  /** How it is started (in the sandbox or not); default: as it is. */
  readonly launcher?: CommandLauncher;
}

export interface BackgroundRead {
  /** Output since the previous read (lines matching `filter` only, when given). */
  readonly output: string;
  readonly status: 'running' | 'completed' | 'failed' | 'killed';
  readonly exitCode?: number | null;
  /** Set when the unread output was longer than one read returns. */
  readonly note?: string;
}

export interface BackgroundCommands {
  /** Starts the command and returns its id at once. */
  start(request: BackgroundStart): Promise<string>;
  /** New output since the last read; undefined for an unknown id. */
  read(taskId: string, filter?: RegExp): Promise<BackgroundRead | undefined>;
  /** Stops it; a sentence for the model, or undefined for an unknown id. */
  kill(taskId: string): Promise<string | undefined>;
}

export interface SubagentRequest {
  readonly description: string;
  readonly prompt: string;
  readonly subagentType: string;
  /** The Task call that owns the child's conversation. */
  readonly messageId: string;
  readonly toolCallId: string;
  readonly signal: AbortSignal;
}

/** A one-off question to a model, without tools (WebFetch asks it about the page it read). */
export interface SideRequest {
  readonly system: string;
  readonly prompt: string;
  readonly signal: AbortSignal;
}

/** The answer, and the model that gave it. */
export interface SideAnswer {
  readonly text: string;
  readonly model: string;
}

export interface ToolSession {
  /** Replaces the task list (state every host shows). */
  setTodos(todos: readonly TodoItem[]): void;
  readonly background?: BackgroundCommands;
  /** Runs a child agent to its final answer. Absent inside a subagent (no grandchildren). */
  readonly runSubagent?: (request: SubagentRequest) => Promise<ToolResult>;
  /**
   * Asks the model settings' `modelFor` chose for `purpose` (else the current one); undefined when
   * no model can answer (the offline demo). Throws what the call failed with.
   */
  /**
   * Searches the web for WebSearch: the model's own search (Anthropic), else settings'
   * `webSearch`; undefined when there is neither.
   */
  readonly webSearch?: (request: SearchRequest) => Promise<SearchOutcome | string | undefined>;
  readonly askModel?: (
    purpose: 'webfetch',
    request: SideRequest,
  ) => Promise<SideAnswer | undefined>;
}
