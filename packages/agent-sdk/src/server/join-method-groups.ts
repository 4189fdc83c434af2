// The features' handler groups joined into the server's table, with each method of the shared
// table (RPC_METHODS) handled exactly once. A spread would let a later group silently win over
// an earlier one; here a method two groups define, or none, fails the typecheck (the parameter's
// type asks for a property that names the method) and, should a cast get past it, the join
// itself throws a sentence naming the method when the server's module loads.
import { RPC_METHOD_NAMES } from '@wave-agent/shared-protocol';
import type { RpcMethodName } from '@wave-agent/shared-protocol';
import type { MethodGroup, MethodHandlers } from './method-context.js';

type Groups = Readonly<Record<string, MethodGroup>>;

/** Every method some group of `G` defines. */
type DefinedIn<G extends Groups> = { [Name in keyof G]: keyof G[Name] }[keyof G];

/** The methods more than one group of `G` defines. */
type DefinedTwice<G extends Groups> = {
  [Name in keyof G]: { [Other in Exclude<keyof G, Name>]: keyof G[Name] & keyof G[Other] }[Exclude<
    keyof G,
    Name
  >];
}[keyof G];

/**
 * Nothing when every method has exactly one handler; otherwise a property the groups lack, whose
 * name says which method and what is wrong (what the compiler's error shows).
 */
type OneHandlerEach<G extends Groups> = {
  readonly [M in DefinedTwice<G> & string as `${M} has a handler in more than one group`]: never;
} & {
  readonly [M in Exclude<RpcMethodName, DefinedIn<G>> as `${M} has no handler`]: never;
};

/** `groups` by the name errors call them: `{ sessionMethods, turnMethods, … }`. */
export function joinMethodGroups<G extends Groups>(groups: G & OneHandlerEach<G>): MethodHandlers {
  const table: Partial<Record<string, unknown>> = {};
  const owner = new Map<string, string>();
  for (const [groupName, group] of Object.entries(groups)) {
    for (const [method, handler] of Object.entries(group)) {
      const first = owner.get(method);
      if (first !== undefined) {
        throw new Error(
          `The method "${method}" has a handler in both ${first} and ${groupName}; keep the one in the group of the feature it belongs to.`,
        );
      }
      owner.set(method, groupName);
      table[method] = handler;
    }
  }
  const missing = RPC_METHOD_NAMES.filter((method) => !owner.has(method));
  if (missing.length > 0) {
    throw new Error(
      `No handler for ${missing.map((method) => `"${method}"`).join(', ')}: add it to the group of the feature it belongs to (ARCHITECTURE §7).`,
    );
  }
  // Every method of the table has exactly one handler, each typed by its group's `satisfies`.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return table as MethodHandlers;
}
