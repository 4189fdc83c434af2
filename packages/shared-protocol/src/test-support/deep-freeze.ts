// Freezes a value and everything reachable from it, so a test fails the moment any code
// writes into a state or an event it was given.

export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze(Reflect.get(value, key));
  return value;
}
