// The questions Wave has put to the editor and still waits on, by Wave's request id: each with
// the signal that withdraws the editor's request ($/cancel_request) when Wave stops waiting
// first (another host answered, a timeout, a stop). Shared by the permission and question
// bridges.
export class EditorRequests {
  private readonly asking = new Map<string, AbortController>();

  /** Starts waiting on `requestId`; the signal aborts when Wave withdraws it. */
  start(requestId: string): AbortSignal {
    const controller = new AbortController();
    this.asking.set(requestId, controller);
    return controller.signal;
  }

  /** The editor answered: true when Wave still waited (its answer counts), false when withdrawn. */
  settle(requestId: string): boolean {
    return this.asking.delete(requestId);
  }

  /** Wave no longer waits for this answer. */
  withdraw(requestId: string): void {
    const controller = this.asking.get(requestId);
    if (!controller) return;
    this.asking.delete(requestId);
    controller.abort(new Error('Wave no longer waits for this answer.'));
  }

  withdrawAll(): void {
    for (const requestId of [...this.asking.keys()]) this.withdraw(requestId);
  }
}
