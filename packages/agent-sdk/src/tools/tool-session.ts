// What a tool can reach of the session it runs in, beyond files and commands: the task list
// (TodoWrite), the commands left running in the background (Bash, TaskOutput, TaskStop) and
// subagents (Agent). The Agent provides it; a tool without it says the power is not available.
import type { TodoItem } from '@wave-agent/shared-protocol';
import type { CommandLauncher } from '../permissions/sandbox/command-launcher.js';
import type { ToolResult } from './tool-result.js';

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

export interface ToolSession {
  /** Replaces the task list (state every host shows). */
  setTodos(todos: readonly TodoItem[]): void;
  readonly background?: BackgroundCommands;
  /** Runs a child agent to its final answer. Absent inside a subagent (no grandchildren). */
  readonly runSubagent?: (request: SubagentRequest) => Promise<ToolResult>;
}
