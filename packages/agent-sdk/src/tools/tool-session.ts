// What a tool can reach of the session it runs in, beyond files and commands: the task list
// (TodoWrite), the commands left running in the background (Bash, TaskOutput, TaskStop) and
// subagents (Agent). The Agent provides it; a tool without it says the power is not available.
import type {
  PermissionMode,
  TodoItem,
  UserAnswer,
  UserQuestion,
} from '@wave-agent/shared-protocol';
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

/** How a tool asks the user (AskUserQuestion, ExitPlanMode) and what a plan's approval changes. */
export interface UserAsking {
  /**
   * Poses the question to every attached host (session state) and waits for the first answer;
   * undefined when the turn stopped first.
   */
  ask(
    ask: UserQuestion['ask'],
    call: { readonly messageId: string; readonly toolCallId: string },
    signal: AbortSignal,
    /** Set when an MCP server asks through the call (elicitation). */
    elicitation?: UserQuestion['elicitation'],
  ): Promise<UserAnswer | undefined>;
  /** The session's permission mode now. */
  mode(): PermissionMode;
  /** Sets it as session state (an approved plan leaves plan mode); absent in a subagent. */
  readonly setMode?: (mode: PermissionMode) => void;
  /** Plan mode's one writable file ($WAVE_HOME/plans/<slug>.md). */
  readonly planFile: string;
}

export interface ToolSession {
  /** Replaces the task list (state every host shows). */
  setTodos(todos: readonly TodoItem[]): void;
  readonly background?: BackgroundCommands;
  /** Runs a child agent to its final answer. Absent inside a subagent (no grandchildren). */
  readonly runSubagent?: (request: SubagentRequest) => Promise<ToolResult>;
  /**
   * Searches the web for WebSearch: the model's own search (Anthropic), else settings'
   * `webSearch`; undefined when there is neither.
   */
  readonly webSearch?: (request: SearchRequest) => Promise<SearchOutcome | string | undefined>;
  /**
   * Asks the model settings' `modelFor` chose for `purpose` (else the current one); undefined when
   * no model can answer (the offline demo). Throws what the call failed with.
   */
  readonly askModel?: (
    purpose: 'webfetch',
    request: SideRequest,
  ) => Promise<SideAnswer | undefined>;
  /** Asking the user; absent when no person can answer (print mode), so the tools are not offered. */
  readonly askUser?: UserAsking;
}
