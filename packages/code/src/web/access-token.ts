// The random token in the address `wave web` prints: whoever has the address may use the agent,
// nobody else (another local user, a web page the user visits). Compared in constant time.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export function newAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

export function isAccessToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
