// Type-level helpers for proving that a zod schema and a hand-written type describe the same
// shape. Mutual assignability alone misses an optional field present on one side only, so the
// key sets are compared as well.

type SameKeys<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : false
  : false;

/** True when A and B are assignable both ways and have the same keys. */
export type Equivalent<A, B> = [A] extends [B] ? ([B] extends [A] ? SameKeys<A, B> : false) : false;

/** Compiles only for `never`: used so a failure names the offending key. */
export type MustBeNever<T extends never> = T;

/** Compiles only for `true`. */
export type MustBeTrue<T extends true> = T;
