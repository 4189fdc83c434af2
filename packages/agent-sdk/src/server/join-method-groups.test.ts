// Exactly one handler per method of the shared table: a method planted in a second group, or
// left out of every group, fails the typecheck (the `@ts-expect-error` lines below would be
// unused otherwise) and the join, with the method's name.
import { RPC_METHOD_NAMES } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { bangMethods } from '../bang/bang-methods.js';
import { joinMethodGroups } from './join-method-groups.js';
import { METHOD_HANDLERS } from './method-handlers.js';
import type { MethodGroup } from './method-context.js';

const { bang, ...everyOtherMethod } = METHOD_HANDLERS;

describe('joinMethodGroups', () => {
  it('joins the server table with one handler for every method of RPC_METHODS', () => {
    expect(Object.keys(METHOD_HANDLERS).sort()).toEqual([...RPC_METHOD_NAMES].sort());
    expect(joinMethodGroups({ everyOtherMethod, bangMethods }).bang).toBe(bang);
  });

  it('refuses a method defined in two groups, naming it and both groups', () => {
    const plantedBang = {
      bang: () => null,
    } satisfies MethodGroup;
    expect(() =>
      // @ts-expect-error: "bang has a handler in more than one group"
      joinMethodGroups({ everyOtherMethod, bangMethods, plantedBang }),
    ).toThrow(
      'The method "bang" has a handler in both bangMethods and plantedBang; keep the one in the group of the feature it belongs to.',
    );
  });

  it('refuses a table that leaves a method without a handler, naming it', () => {
    expect(() =>
      // @ts-expect-error: "bang has no handler"
      joinMethodGroups({ everyOtherMethod }),
    ).toThrow('No handler for "bang": add it');
  });
});
