// A mistake in how wave was invoked (a bad flag, a bad value). The CLI prints it on one line
// with a pointer to --help and exits with code 2.

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE_EXIT_CODE = 2;

/** The one line a user sees: what is wrong, and where the options are described. */
export function usageLine(error: UsageError): string {
  return `wave: ${error.message} Run wave --help for the options.`;
}
