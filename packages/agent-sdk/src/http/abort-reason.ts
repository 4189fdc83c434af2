// How fetch fails when its signal aborts: with the signal's reason.

/** What an abort rejects with: the signal's reason, as fetch does (an AbortError by default). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}
