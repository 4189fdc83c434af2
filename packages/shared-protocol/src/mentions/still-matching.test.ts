import { describe, expect, it } from 'vitest';
import { stillMatching } from './still-matching.js';

describe('a list kept while the next answer comes', () => {
  const files = [
    { path: 'src/', folder: true },
    { path: 'src/app.ts', folder: false },
    { path: 'src/App.test.ts', folder: false },
    { path: 'README.md', folder: false },
  ];

  it('keeps the paths that still have the letters typed, in order, case aside', () => {
    expect(stillMatching(files, 'src/ap').map((file) => file.path)).toEqual([
      'src/app.ts',
      'src/App.test.ts',
    ]);
    expect(stillMatching(files, 'rdme').map((file) => file.path)).toEqual(['README.md']);
    expect(stillMatching(files, 'zz')).toEqual([]);
  });
});
