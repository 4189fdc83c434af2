// What the client could not use, each said once: a newer bridge may send an event this client
// does not know with every turn, and one sentence about it is enough.
import { Listeners } from './listeners.js';

export class Problems {
  private readonly said = new Set<string>();
  private readonly listeners = new Listeners<[string]>();
  readonly all: string[] = [];

  report(problem: string): void {
    if (this.said.has(problem)) return;
    this.said.add(problem);
    this.all.push(problem);
    this.listeners.emit(problem);
  }

  onProblem(listener: (problem: string) => void): () => void {
    return this.listeners.add(listener);
  }
}
