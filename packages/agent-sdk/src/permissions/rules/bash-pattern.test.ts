import { describe, expect, it } from 'vitest';
import { bashPatternMatches, bashPatternProblem } from './bash-pattern.js';

describe('bashPatternMatches', () => {
  it('matches an exact rule only to the same command', () => {
    expect(bashPatternMatches('npm run build', 'npm run build')).toBe(true);
    expect(bashPatternMatches('npm run build', 'npm run build --watch')).toBe(false);
  });

  it('matches a :* prefix at a word boundary', () => {
    expect(bashPatternMatches('npm run test:*', 'npm run test')).toBe(true);
    expect(bashPatternMatches('npm run test:*', 'npm run test -- --watch')).toBe(true);
    expect(bashPatternMatches('npm run test:*', 'npm run testing')).toBe(false);
  });

  it('matches * anywhere, spaces included', () => {
    expect(bashPatternMatches('git * main', 'git push origin main')).toBe(true);
    expect(bashPatternMatches('git * main', 'git push origin dev')).toBe(false);
    expect(bashPatternMatches('* --version', 'node --version')).toBe(true);
  });

  it('lets a single trailing " *" match nothing, but never another word', () => {
    expect(bashPatternMatches('ls *', 'ls')).toBe(true);
    expect(bashPatternMatches('ls *', 'ls -la')).toBe(true);
    expect(bashPatternMatches('ls *', 'lsof')).toBe(false);
    expect(bashPatternMatches('ls*', 'lsof')).toBe(true);
  });

  it('takes regular-expression characters literally', () => {
    expect(bashPatternMatches('echo a.b', 'echo aXb')).toBe(false);
    expect(bashPatternMatches('echo (x)*', 'echo (x) y')).toBe(true);
  });
});

describe('bashPatternProblem', () => {
  it('refuses :* anywhere but the end', () => {
    expect(bashPatternProblem('npm:* test')).toMatch(/may only end a Bash rule/);
    expect(bashPatternProblem('npm run test:*')).toBeUndefined();
  });
});
