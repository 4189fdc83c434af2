// What the client could not use, each said once: a newer bridge may send an event this client
// does not know with every turn, and one sentence about it is enough.
import { Listeners } from './listeners.js';

export class Problems {
  private readonly said = new Set<string>();
  private readonly listeners = new Listeners<[string]>();
  private list: readonly string[] = [];

  /** Every problem so far; a new list each time one is added, so a holder's copy never changes. */
  get all(): readonly string[] {
    return this.list;
  }

  report(problem: string): void {
    if (this.said.has(problem)) return;
    this.said.add(problem);
    this.list = [...this.list, problem];
    this.listeners.emit(problem);
  }

  onProblem(listener: (problem: string) => void): () => void {
    return this.listeners.add(listener);
  }
}
