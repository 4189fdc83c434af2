// A set of listeners, called in order; one that throws does not stop the others, and is reported.

export class Listeners<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  add(listener: (...args: Args) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  emit(...args: Args): void {
    for (const listener of this.listeners) {
      try {
        listener(...args);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
