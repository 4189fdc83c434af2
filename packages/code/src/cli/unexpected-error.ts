// The line for a failure runCli knows by no type of its own. One the system reported (a folder
// that cannot be made, a full disk, a port in use: an error with an errno code and the call that
// failed) is a fact about the machine: a sentence saying what could not be done, why, and what to
// do, never a stack trace. Anything else is a bug in Wave: said so in one sentence that says how
// to see where it happened (WAVE_DEBUG=1: the stack, mapped to the TypeScript sources; it is for
// whoever fixes it, not for the user).
import { storageReason } from '@wave-agent/agent-sdk';
import { errorText } from '@wave-agent/shared-protocol';
import { DEBUG_VARIABLE, debugRequested } from './debug-switch.js';

interface SystemError extends Error {
  readonly code: string;
  readonly syscall: string;
  readonly path?: string;
  readonly address?: string;
  readonly port?: number;
}

/** An error the system reported: an errno code and the call that failed. */
export function isSystemError(error: unknown): error is SystemError {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as Partial<SystemError>;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) && typeof syscall === 'string';
}

const ACTIONS: Readonly<Record<string, string>> = {
  mkdir: 'create the folder',
  open: 'open',
  read: 'read',
  write: 'write',
  rename: 'replace',
  unlink: 'remove',
  rmdir: 'remove the folder',
  stat: 'look at',
  lstat: 'look at',
  scandir: 'list the folder',
  copyfile: 'copy',
  listen: 'listen on',
  connect: 'connect to',
  spawn: 'start',
};

const ADVICE: Readonly<Record<string, string>> = {
  ENOSPC: 'Free some disk space and try again.',
  EDQUOT: 'Free some disk space and try again.',
  EMFILE: 'Close some programs (or raise the limit with ulimit -n) and try again.',
  EADDRINUSE: 'Another program uses that address; stop it or choose another.',
  ECONNREFUSED: 'Nothing answers there; start it or check the address.',
};

const FILE_ADVICE =
  'Check that the path exists and that you may write there (WAVE_HOME chooses where Wave keeps its files), then try again.';

function systemErrorLine(error: SystemError): string {
  const action = ACTIONS[error.syscall] ?? error.syscall;
  const target =
    error.path ??
    (error.address === undefined
      ? ''
      : `${error.address}${error.port === undefined ? '' : `:${error.port}`}`);
  const what = target === '' ? action : `${action} ${target}`;
  return `wave: could not ${what}: ${storageReason(error)}. ${ADVICE[error.code] ?? FILE_ADVICE}`;
}

/** The lines (newline-ended) runCli writes to stderr for `error`. */
export function unexpectedErrorText(
  error: unknown,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (isSystemError(error)) return `${systemErrorLine(error)}\n`;
  const stack = error instanceof Error ? error.stack : undefined;
  const what = errorText(error).replace(/\.$/, '');
  if (debugRequested(env) && stack)
    return `wave: internal error (a bug in Wave): ${what}. Please report it, with the command you ran and this trace, at the project's issue tracker.\n${stack}\n`;
  return `wave: internal error (a bug in Wave): ${what}. Run the command again with ${DEBUG_VARIABLE}=1 to see where it happened, and report it with that trace at the project's issue tracker.\n`;
}
