// What a `hold` fault waits for: the test's `release()`. Once released, the gate stays open
// (a hold reached after the release passes at once), until a new scenario brings a new gate.

export class ReleaseGate {
  private released = false;
  private readonly waiting = new Set<() => void>();

  release(): void {
    this.released = true;
    for (const resume of this.waiting) resume();
    this.waiting.clear();
  }

  /** Resolves on release; rejects when `signal` aborts first (client gone, server closing). */
  wait(signal: AbortSignal): Promise<void> {
    if (this.released) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.waiting.delete(resume);
        reject(signal.reason instanceof Error ? signal.reason : new Error('response aborted'));
      };
      const resume = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      this.waiting.add(resume);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
