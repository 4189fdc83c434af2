// The check made where the connection is made: the socket's own lookup refuses a name whose
// address is private, so a name that resolved to a public address when first asked and to
// 127.0.0.1 when connected (DNS rebinding) is still caught at the connection.
import { describe, expect, it } from 'vitest';
import { guardedLookup } from './web-request.js';
import type { WebRequestError } from './web-request.js';

function lookUp(allowed: (host: string) => boolean, host: string, all: boolean) {
  const refused: { error?: WebRequestError } = {};
  return new Promise<{ error: Error | null; address: unknown; refused?: string }>((resolve) => {
    guardedLookup(allowed, refused)(host, { all }, (error, address) =>
      resolve({ error, address, ...(refused.error ? { refused: refused.error.message } : {}) }),
    );
  });
}

describe("the connection's lookup", () => {
  it('refuses a name that resolves to a loopback address, as the socket asks it', async () => {
    for (const all of [true, false]) {
      const outcome = await lookUp(() => false, 'localhost', all);
      expect(outcome.error).toMatchObject({ code: 'EPRIVATE' });
      expect(outcome.refused).toMatch(/^Refused to fetch localhost \((127\.0\.0\.1|::1)\)/);
    }
  });

  it('gives the address when a rule names the host, in the shape the socket asked for', async () => {
    const one = await lookUp((host) => host === 'localhost', 'localhost', false);
    expect(one.error).toBeNull();
    expect(typeof one.address).toBe('string');
    const every = await lookUp((host) => host === 'localhost', 'localhost', true);
    expect(Array.isArray(every.address)).toBe(true);
  });
});
