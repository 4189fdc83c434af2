// The preload that makes a child wave meet an error it knows nothing of (inject-fault.cjs),
// as the flags that load it and the folder name that sets it off.
import { fileURLToPath } from 'node:url';

/** A path holding this name makes the child's statSync throw a TypeError. */
export const FAULT_NAME = 'wave-injected-fault';

const PRELOAD = fileURLToPath(new URL('./inject-fault.cjs', import.meta.url));

/** Node flags that load the preload into the child. */
export const FAULT_NODE_ARGS = ['--require', PRELOAD] as const;

/** A frame of a stack trace, as Node writes it. */
export const STACK_FRAME = /\n\s+at /;
