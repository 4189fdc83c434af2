// What the command line asked for, after validation: one mode and the settings it overrides.
import type { PermissionMode } from '@wave-agent/shared-protocol';

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** interactive: the Ink UI; print: one prompt, answer on stdout; stdio: JSON-RPC for hosts. */
export type CliMode = 'interactive' | 'print' | 'stdio';

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
  readonly maxTurns?: number;
  readonly cwd?: string;
  /** `--resume` alone asks which session; `--resume ID` names one. */
  readonly resume?: { readonly sessionId?: string };
  readonly continueSession: boolean;
}
