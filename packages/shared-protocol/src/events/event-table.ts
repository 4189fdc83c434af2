// How an event table is written: one entry per event type, `type: () => ({ ...payload fields })`,
// as zod shapes, made when the event's schema is first used (a run validates few events, and
// making every payload's fields at load was a part of print mode's start, issue 27). Everything
// else about an event — its runtime schema, its TypeScript type, its place in the unions, its
// callback name — is derived from that entry, so a new event is one table entry plus one
// reducer handler.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/** An event table: event type → what makes the zod shape of its payload (all but `type`). */
export type EventPayloads = Record<string, () => z.ZodRawShape>;

/** The runtime schema of each event of a table: its payload plus the literal `type`. */
export type EventSchemas<P extends EventPayloads> = {
  readonly [T in keyof P & string]: z.ZodObject<{ type: z.ZodLiteral<T> } & ReturnType<P[T]>>;
};

/** What a schema accepts, with its top-level fields read-only (events are never changed). */
export type ReadonlyOutput<S extends z.ZodType> = {
  readonly [K in keyof z.output<S>]: z.output<S>[K];
};

export function eventSchemas<P extends EventPayloads>(payloads: P): EventSchemas<P> {
  // Each built on first use (values/lazy-schema.ts): a run validates a few event types, if any.
  const entries = Object.entries(payloads).map(([type, payload]) => [
    type,
    lazySchema(() => z.object({ type: z.literal(type), ...payload() })),
  ]);
  // Object.fromEntries cannot carry the pairing of each key with its own schema that the map
  // above keeps; EventSchemas states it.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return Object.fromEntries(entries) as EventSchemas<P>;
}
