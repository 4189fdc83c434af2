// What a caller of a fetch sees of its error, for tests that compare httpFetch with Node's fetch.

/** Its kind, its name, its message, and its cause's code (or kind, or JSON). */
export function errorSeen(error: unknown) {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code: unknown = cause instanceof Error ? Reflect.get(cause, 'code') : undefined;
  return {
    type: error instanceof Error ? error.constructor.name : typeof error,
    name: error instanceof Error ? error.name : undefined,
    message: error instanceof Error ? error.message : String(error),
    cause:
      cause instanceof Error
        ? (code ?? cause.constructor.name)
        : cause === undefined
          ? undefined
          : JSON.stringify(cause),
  };
}
