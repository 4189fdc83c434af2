// What the command line asked for, after validation: one mode and the settings it overrides.
import type { EffortLevel, PermissionMode } from '@wave-agent/shared-protocol';
import type { PrintFlags } from './print-flags.js';
import type { McpConfigFlags } from './mcp-config-flags.js';
import type { SettingsChoice } from '../settings/settings-sections.js';

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * interactive: the Ink UI; print: one prompt, answer on stdout; stdio: JSON-RPC for hosts;
 * acp: the Agent Client Protocol for editors; web: the chat UI served to a browser (`wave web`).
 */
export type CliMode = 'interactive' | 'print' | 'stdio' | 'acp' | 'web';

/** `wave web`'s own options. */
export interface WebOptions {
  /** Listen here; default 127.0.0.1. */
  readonly host?: string;
  /** Default: a free port. */
  readonly port?: number;
  /** Open the default browser; default true. */
  readonly open: boolean;
}

export interface CliOptions {
  readonly help: boolean;
  readonly version: boolean;
  readonly mode: CliMode;
  /** The positional words, joined by spaces; the prompt in print mode. */
  readonly prompt?: string;
  readonly outputFormat: OutputFormat;
  readonly provider?: string;
  readonly model?: string;
  readonly baseURL?: string;
  readonly apiKey?: string;
  readonly permissionMode?: PermissionMode;
  /** `--allowedTools`: allow rules, each as the settings write one. */
  readonly allowedTools?: readonly string[];
  /** `--disallowedTools`: deny rules (a bare tool name takes the tool away). */
  readonly disallowedTools?: readonly string[];
  /** `--add-dir`: more work folders, as written. */
  readonly addDirs?: readonly string[];
  /** --effort: how hard the model thinks, over the settings and a model's own. */
  readonly effort?: EffortLevel;
  readonly maxTurns?: number;
  /** --sandbox (true) or --no-sandbox (false): stronger than the `sandbox` setting. */
  readonly sandbox?: boolean;
  readonly cwd?: string;
  /** `--resume` alone asks which session; `--resume ID` names one. */
  readonly resume?: { readonly sessionId?: string };
  readonly continueSession: boolean;
  /** Set in web mode. */
  readonly web?: WebOptions;
  /** Claude Code's print-mode flags, when any was given (print mode only). */
  readonly print?: PrintFlags;
  /** `--mcp-config` and `--strict-mcp-config` (mcp-config-flags.ts). */
  readonly mcp?: McpConfigFlags;
  /** `--settings` and `--setting-sources` (settings-flags.ts). */
  readonly settingsChoice?: SettingsChoice;
}
