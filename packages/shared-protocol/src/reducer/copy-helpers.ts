// Small copy-on-write helpers. An update builds a new object only when a field really changes,
// so an event that changes nothing leaves every object (and the state) as it was.

/** True when both objects have the same own keys holding identical values. */
export function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.hasOwn(b, key) && Object.is(Reflect.get(a, key), Reflect.get(b, key)),
  );
}

/**
 * A copy without the optional keys whose value is undefined, so a state never holds
 * `{ endedAt: undefined }` and survives a JSON round trip (a pull) unchanged.
 */
export function withoutUndefined<T extends object>(value: T): T {
  const copy = { ...value };
  for (const key of Object.keys(copy)) {
    if (Reflect.get(copy, key) === undefined) Reflect.deleteProperty(copy, key);
  }
  return copy;
}

/** `items` with position `index` replaced, or `items` itself when the item is the same object. */
export function replacedAt<T>(items: readonly T[], index: number, item: T): readonly T[] {
  if (items[index] === item) return items;
  const copy = items.slice();
  copy[index] = item;
  return copy;
}
