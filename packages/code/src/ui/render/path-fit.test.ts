import { describe, expect, it } from 'vitest';
import { fitPath } from './path-fit.js';
import { textWidth } from './text-width.js';

describe('fitPath', () => {
  it('keeps a path that fits', () => {
    expect(fitPath('src/a.ts', 8)).toBe('src/a.ts');
  });

  it('cuts the start, keeping the name, within the width', () => {
    expect(fitPath('packages/code/src/deep/file.ts', 12)).toBe('…eep/file.ts');
  });

  it('counts wide characters by their columns', () => {
    const fitted = fitPath('目录/文件名.ts', 9);
    expect(fitted).toBe('…件名.ts');
    expect(textWidth(fitted)).toBeLessThanOrEqual(9);
  });
});
