// Messages typed while a turn runs wait here, in order; they can be edited or removed until
// their turn comes. What a host attached travels with its message (the queue names it); an edit
// changes the text only.
import { randomUUID } from 'node:crypto';
import type { QueuedMessage } from '@wave-agent/shared-protocol';

export interface QueuedTurn {
  /** Starts the turn with the message's (possibly edited) text; called synchronously on take. */
  readonly start: (text: string) => void;
  /** The message was removed before its turn came. */
  readonly cancel: () => void;
}

interface Entry extends QueuedTurn {
  readonly id: string;
  text: string;
  /** The names of the host's attachments. */
  readonly attachments: readonly string[];
}

export class MessageQueue {
  private entries: Entry[] = [];

  constructor(private readonly onChange: (queue: readonly QueuedMessage[]) => void) {}

  get items(): readonly QueuedMessage[] {
    return this.entries.map(({ id, text, attachments }) =>
      attachments.length > 0 ? { id, text, attachments } : { id, text },
    );
  }

  add(text: string, turn: QueuedTurn, attachments: readonly string[] = []): string {
    const id = randomUUID();
    this.entries.push({ id, text, attachments, ...turn });
    this.changed();
    return id;
  }

  edit(id: string, text: string): boolean {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return false;
    entry.text = text;
    this.changed();
    return true;
  }

  remove(id: string): boolean {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return false;
    this.entries = this.entries.filter((e) => e !== entry);
    this.changed();
    entry.cancel();
    return true;
  }

  /** Starts the next queued message's turn, if any. */
  startNext(): boolean {
    const entry = this.entries.shift();
    if (!entry) return false;
    this.changed();
    entry.start(entry.text);
    return true;
  }

  /** Removes every queued message (e.g. on /clear). */
  cancelAll(): void {
    const removed = this.entries;
    this.entries = [];
    if (removed.length > 0) this.changed();
    for (const entry of removed) entry.cancel();
  }

  private changed(): void {
    this.onChange(this.items);
  }
}
