// Orders a response's tool calls: a call that edits or executes waits for every earlier call
// and runs alone, in call order; read-only calls run together (when parallel tool calls are on)
// but never overtake an earlier edit or command.

export class ToolScheduler {
  private barrier: Promise<void> = Promise.resolve();
  private readsSinceBarrier: Promise<void>[] = [];
  private readonly tasks: Promise<void>[] = [];

  constructor(private readonly parallelReads: boolean) {}

  /** `run` must not reject: a tool's failure is its result, not an exception. */
  schedule(readOnly: boolean, run: () => Promise<void>): void {
    let task: Promise<void>;
    if (readOnly && this.parallelReads) {
      task = this.barrier.then(run);
      this.readsSinceBarrier.push(task);
    } else {
      task = Promise.all([this.barrier, ...this.readsSinceBarrier]).then(run);
      this.barrier = task;
      this.readsSinceBarrier = [];
    }
    this.tasks.push(task);
  }

  get scheduled(): number {
    return this.tasks.length;
  }

  /** Resolves when every scheduled call has ended. */
  async settled(): Promise<void> {
    await Promise.all(this.tasks);
  }
}
