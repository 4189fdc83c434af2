// Whether the commands of the session run in the operating system's sandbox (bubblewrap on
// Linux, sandbox-exec on macOS), as every host shows it (/sandbox, the status line). Session
// state, set by `sandboxStatusChanged`; it describes this process, so it is not kept in the
// session file.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/**
 * `on`: commands run sandboxed. `off`: the setting (or --no-sandbox) turned it off, or it was on
 * only by default and cannot run on this machine (then `problem` says why and how to fix it).
 * `unavailable`: it is on but cannot run here (`problem` says why and how to fix it); commands
 * run only after the user agrees, and then outside it.
 */
export const SANDBOX_STATES = ['on', 'off', 'unavailable'] as const;
export const SandboxStateSchema = lazySchema(() => z.enum(SANDBOX_STATES));
export type SandboxState = z.output<typeof SandboxStateSchema>;

export const SandboxStatusSchema = lazySchema(() =>
  z.object({
    state: SandboxStateSchema,
    /** The program that holds the line: `bwrap` or `sandbox-exec`; absent when off. */
    program: z.string().optional(),
    /** Whether sandboxed commands may use the network. */
    network: z.boolean(),
    /** Folders commands may write besides the work folder and the session's temp folder. */
    allowWrite: z.array(z.string()).readonly(),
    /** Credential paths commands may read after all. */
    allowRead: z.array(z.string()).readonly(),
    /** The session's temp folder (TMPDIR inside the sandbox). */
    tempFolder: z.string().optional(),
    /** With `unavailable` (or `off` by default here): one sentence, what is wrong and the fix. */
    problem: z.string().optional(),
    /** With `unavailable`: the user agreed to run commands outside it for this session. */
    runsOutside: z.boolean().optional(),
  }),
);

export type SandboxStatus = z.output<typeof SandboxStatusSchema>;
