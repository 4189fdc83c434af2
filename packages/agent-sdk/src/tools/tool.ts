// What every tool is: a schema the model fills in, a compact form for the collapsed view, a
// permission class, and an execute function that may stream its output.
import type { JSONSchema7 } from '@ai-sdk/provider';
import type { z } from 'zod';
import type { CommandLauncher } from '../permissions/sandbox/command-launcher.js';
import type { FileRules } from './file-rules.js';
import type { ToolResult } from './tool-result.js';
import type { ToolSession } from './tool-session.js';

export type { ToolResult } from './tool-result.js';

/** read-only tools run without asking; edit and execute tools ask in the default mode. */
export type PermissionClass = 'read-only' | 'edit' | 'execute';

export interface ToolOutputUpdate {
  /** Output produced since the previous update (a delta). */
  readonly chunk: string;
  /** The last few lines of all output so far, bounded in size. */
  readonly shortResult: string;
}

export interface ToolContext {
  /** The agent's working directory (absolute). Relative paths resolve against it. */
  readonly workdir: string;
  /** Aborted when the user aborts the turn; a tool stops and kills what it started. */
  readonly signal: AbortSignal;
  /** Streams output while running (Bash). */
  readonly onOutput?: (update: ToolOutputUpdate) => void;
  /**
   * Called with an absolute path before a tool first changes that file, and awaited: the
   * session snapshots the old content so /rewind can restore it.
   */
  readonly beforeFileChange?: (absolutePath: string) => Promise<void>;
  /** The call being run: the message that holds it and its tool-call id. */
  readonly call?: { readonly messageId: string; readonly toolCallId: string };
  /**
   * The session the call belongs to: its task list, background commands and subagents. Absent
   * where a tool runs on its own (tests, a subagent without these powers).
   */
  readonly session?: ToolSession;
  /**
   * How a tool that runs commands starts them: in the sandbox or not (the permission policy
   * chose). Absent where a tool runs on its own; it then runs commands as they are.
   */
  readonly commands?: CommandLauncher;
  /**
   * For a tool that finds files itself (`findsFiles`): what the permission rules say of each
   * file it finds. Absent when no rule restricts its files.
   */
  readonly fileRules?: FileRules;
  /**
   * For a tool that reads the web (`webHost`): whether an allow rule names this host, which lets
   * it be read on a loopback or private address. Absent: no rule names any.
   */
  readonly hostNamedByRule?: (hostname: string) => boolean;
}

export interface ToolDefinition<Input = unknown> {
  readonly name: string;
  /** Told to the model: what the tool does and when to use it. */
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /**
   * The JSON Schema the model is given, when it is someone else's (an MCP server's) rather than
   * made from `inputSchema`; `inputSchema` then only checks that the input is an object.
   */
  readonly modelSchema?: JSONSchema7;
  readonly permission: PermissionClass;
  /** Why a call asks for permission, when the permission class alone does not say it well. */
  readonly askReason?: string;
  /** It runs programs (Bash): they go through the sandbox when it is on. */
  readonly runsCommands?: boolean;
  /**
   * It reads or lists files it finds below the paths it names (Grep, Glob, LS): the permission
   * rules must judge each of them, so it gets `fileRules` when it runs.
   */
  readonly findsFiles?: boolean;
  /**
   * The web host a call reads (WebFetch's URL's host): permission is asked per domain, a
   * `Tool(domain:host)` rule allows or denies it. Undefined for input that names no host.
   */
  webHost?(input: Input): string | undefined;
  /**
   * A read-only tool that still asks, once per session (WebSearch: the query leaves the
   * machine): why. A `Tool` allow rule, allowedTools or the mode answer it as for any tool.
   */
  readonly asksOncePerSession?: string;
  /**
   * A one-line summary for the collapsed view, from input that may still be streaming (fields
   * can be missing or cut short). Undefined while there is nothing useful to show. With the
   * workdir, paths inside it are shown relative to it; without, as the model wrote them.
   */
  compact(input: Partial<Input>, workdir?: string): string | undefined;
  /** The file-system paths the call touches, absolute, so calls outside the workdir can ask. */
  paths?(input: Input, workdir: string): string[];
  execute(input: Input, context: ToolContext): Promise<ToolResult>;
}
