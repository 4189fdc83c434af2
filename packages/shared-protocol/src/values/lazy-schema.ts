// A schema built the first time it is used. Building every schema of the protocol when the
// module loads was the larger part of `wave -p`'s module start-up (issue 27), and a print run
// uses a few of them; the rest (the RPC tables, the wire's validation) stay unbuilt.
export function lazySchema<S extends object>(build: () => S): S {
  let built: S | undefined;
  const real = (): S => (built ??= build());
  const handler: ProxyHandler<S> = {
    get: (_target, key) => Reflect.get(real(), key, real()),
    has: (_target, key) => Reflect.has(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value, real()),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      return found === undefined ? undefined : { ...found, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
  };
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return new Proxy({} as S, handler);
}
