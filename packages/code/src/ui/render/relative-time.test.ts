import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 9, 27, 12, 0, 0);
  it('says how long ago, in words a list needs', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(relativeTime(now - 30 * 3_600_000, now)).toBe('yesterday');
    expect(relativeTime(now - 4 * 86_400_000, now)).toBe('4 days ago');
    expect(relativeTime(now - 30 * 86_400_000, now)).toBe('2026-09-27');
    // A clock that went backwards is not "in the future".
    expect(relativeTime(now + 60_000, now)).toBe('just now');
  });
});
