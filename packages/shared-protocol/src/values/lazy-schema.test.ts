import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    const build = vi.fn(() => z.object({ name: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is the schema it builds to everyone who uses it: zod, instanceof, its shape and methods', () => {
    const Inner = lazySchema(() => z.enum(['a', 'b']));
    const Outer = lazySchema(() => z.object({ kind: Inner, note: z.string().optional() }));
    const Extended = lazySchema(() => Outer.extend({ count: z.number() }));
    expect(Outer).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(Outer.shape)).toEqual(['kind', 'note']);
    expect(Extended.parse({ kind: 'b', count: 2 })).toEqual({ kind: 'b', count: 2 });
    expect(Outer.optional().parse(undefined)).toBeUndefined();
    const union = z.discriminatedUnion('kind', [
      lazySchema(() => z.object({ kind: z.literal('x'), x: z.number() })),
      lazySchema(() => z.object({ kind: z.literal('y'), y: z.string() })),
    ]);
    expect(union.parse({ kind: 'y', y: 'why' })).toEqual({ kind: 'y', y: 'why' });
    const failure = Outer.safeParse({ kind: 'c' });
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.path).toEqual(['kind']);
  });
});
