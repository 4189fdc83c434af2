// Reading what a thrown value says without unsafe casts: Node's fs and process errors carry a
// `code` (ENOENT, EACCES, ESRCH...) that tools turn into sentences the model can act on.

/** The errno-style code of a thrown value (`ENOENT`), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return typeof error.code === 'string' ? error.code : undefined;
  }
  return undefined;
}

/** The message of a thrown value, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}
