// A manual clock for the coalescer: timers fire only when the test advances time, in due order.

interface PendingTimer {
  readonly id: number;
  readonly dueAt: number;
  readonly callback: () => void;
}

export class FakeClock {
  now = 0;
  private nextId = 1;
  private pending: PendingTimer[] = [];

  readonly setTimer = (callback: () => void, ms: number): number => {
    const id = this.nextId++;
    this.pending.push({ id, dueAt: this.now + ms, callback });
    return id;
  };

  readonly clearTimer = (id: number): void => {
    this.pending = this.pending.filter((timer) => timer.id !== id);
  };

  get pendingTimers(): number {
    return this.pending.length;
  }

  /** Moves time forward by `ms`, firing every timer due on the way (earliest first). */
  advance(ms: number): void {
    const target = this.now + ms;
    for (;;) {
      const due = this.pending
        .filter((timer) => timer.dueAt <= target)
        .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id)[0];
      if (due === undefined) break;
      this.pending = this.pending.filter((timer) => timer !== due);
      this.now = due.dueAt;
      due.callback();
    }
    this.now = target;
  }
}
