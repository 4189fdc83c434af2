import { describe, expect, it } from 'vitest';
import { AGENT_EVENT_TYPES } from '../events.js';
import { AGENT_EVENT_SCHEMAS } from './event-schemas.js';
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

describe('schemas and types', () => {
  it('have a schema for exactly the event types', () => {
    expect(Object.keys(AGENT_EVENT_SCHEMAS).sort()).toStrictEqual([...AGENT_EVENT_TYPES].sort());
  });
});
