// The one reading of the errno-style code Node's fs, net and process errors carry (ENOENT,
// EADDRINUSE, ESRCH...), without unsafe casts, so callers turn it into a sentence.

/** The code of a thrown value (`ENOENT`), if it has a string one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return typeof error.code === 'string' ? error.code : undefined;
  }
  return undefined;
}
