import { describe, expect, it } from 'vitest';
import {
  AGENT_EVENT_SCHEMAS,
  AGENT_EVENT_TYPES,
  CONVERSATION_EVENT_TYPES,
  SESSION_EVENT_TYPES,
} from '../events.js';
import type { Equivalent, MustBeTrue } from './type-equivalence.js';

// The proof itself is `schema-type-equality.ts`, checked by `tsc` (pnpm typecheck). The lines
// below check the checker: each drift must be rejected, or typecheck fails on an unused
// expect-error directive.
// @ts-expect-error an optional field on one side only is drift
type _OptionalFieldDrift = MustBeTrue<Equivalent<{ a: string }, { a: string; b?: number }>>;
// @ts-expect-error a different field type is drift
type _FieldTypeDrift = MustBeTrue<Equivalent<{ a: string }, { a: number }>>;
// @ts-expect-error a required field missing on one side is drift
type _RequiredFieldDrift = MustBeTrue<Equivalent<{ a: string; b: string }, { a: string }>>;
// @ts-expect-error a wider union is drift
type _UnionDrift = MustBeTrue<Equivalent<{ a: 'x' | 'y' }, { a: 'x' }>>;
// Read-only-ness is not drift: the schemas describe the same data.
type _ReadonlyIsNotDrift = MustBeTrue<
  Equivalent<{ a: readonly string[] }, { readonly a: readonly string[] }>
>;

describe('the event tables', () => {
  it('never give a session event the name of a conversation event (one would hide the other)', () => {
    const shared = SESSION_EVENT_TYPES.filter((type) =>
      (CONVERSATION_EVENT_TYPES as readonly string[]).includes(type),
    );
    expect(shared).toStrictEqual([]);
    expect(AGENT_EVENT_TYPES).toHaveLength(
      CONVERSATION_EVENT_TYPES.length + SESSION_EVENT_TYPES.length,
    );
  });

  it('give each schema the literal type of its own entry', () => {
    for (const type of AGENT_EVENT_TYPES)
      expect(AGENT_EVENT_SCHEMAS[type].shape.type.value).toBe(type);
  });
});
