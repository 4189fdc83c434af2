import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeCacheDir } from './cache-dir.js';

describe('codeCacheDir', () => {
  it("is the system's cache folder for the user", () => {
    expect(codeCacheDir({}, 'linux', '/home/ada')).toBe(
      join('/home/ada', '.cache', 'wave', 'code-cache'),
    );
    expect(codeCacheDir({}, 'darwin', '/Users/ada')).toBe(
      join('/Users/ada', 'Library', 'Caches', 'wave', 'code-cache'),
    );
    expect(codeCacheDir({ XDG_CACHE_HOME: '/var/cache/ada' }, 'linux', '/home/ada')).toBe(
      join('/var/cache/ada', 'wave', 'code-cache'),
    );
  });

  it('takes no relative folder (it would be the work folder) and has none without a home', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: 'cache' }, 'linux', '/home/ada')).toBe(
      join('/home/ada', '.cache', 'wave', 'code-cache'),
    );
    expect(codeCacheDir({}, 'linux', '')).toBeUndefined();
    expect(codeCacheDir({}, 'linux', 'relative')).toBeUndefined();
  });
});
