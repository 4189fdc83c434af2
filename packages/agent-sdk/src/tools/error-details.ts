// Reading what a thrown value says without unsafe casts: Node's fs and process errors carry a
// `code` (ENOENT, EACCES, ESRCH...) that tools turn into sentences the model can act on.

/** The errno-style code of a thrown value (`ENOENT`), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return typeof error.code === 'string' ? error.code : undefined;
  }
  return undefined;
}

/** The message of a thrown value, whatever was thrown (shared-protocol's one `errorText`). */
export { errorText as errorMessage } from '@wave-agent/shared-protocol';
