import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  displayInputPath,
  displayPath,
  isWithin,
  resolveToolPath,
  splitGlobPattern,
} from './paths.js';

describe('resolveToolPath', () => {
  it('resolves relative paths against the workdir and keeps absolute ones', () => {
    expect(resolveToolPath('/work/app', 'src/a.ts')).toBe('/work/app/src/a.ts');
    expect(resolveToolPath('/work/app', '../other/b.ts')).toBe('/work/other/b.ts');
    expect(resolveToolPath('/work/app', '/etc/hosts')).toBe('/etc/hosts');
  });

  it('expands ~ to the home directory', () => {
    expect(resolveToolPath('/work/app', '~/notes.md')).toBe(`${homedir()}/notes.md`);
    expect(resolveToolPath('/work/app', '~')).toBe(homedir());
  });
});

describe('displayPath', () => {
  it('shows paths inside the workdir relative to it, and others absolute', () => {
    expect(displayPath('/work/app', '/work/app/src/a.ts')).toBe('src/a.ts');
    expect(displayPath('/work/app', '/work/app')).toBe('.');
    expect(displayPath('/work/app', '/work/apple/a.ts')).toBe('/work/apple/a.ts');
    expect(displayPath('/work/app', '/etc/hosts')).toBe('/etc/hosts');
  });

  it('shows streaming input as written when no workdir is known', () => {
    expect(displayInputPath('/work/app/src/a.ts', undefined)).toBe('/work/app/src/a.ts');
    expect(displayInputPath('/work/app/src/a.ts', '/work/app')).toBe('src/a.ts');
  });
});

describe('isWithin', () => {
  it('does not mistake a sibling with a common prefix for a child', () => {
    expect(isWithin('/work/app', '/work/app/x')).toBe(true);
    expect(isWithin('/work/app', '/work/app')).toBe(true);
    expect(isWithin('/work/app', '/work/apple')).toBe(false);
    expect(isWithin('/work/app', '/work/app/../other')).toBe(false);
  });
});

describe('splitGlobPattern', () => {
  it('splits the literal directory from the pattern below it', () => {
    expect(splitGlobPattern('**/*.ts')).toEqual({ base: '', rest: '**/*.ts' });
    expect(splitGlobPattern('src/**/*.ts')).toEqual({ base: 'src', rest: '**/*.ts' });
    expect(splitGlobPattern('/abs/dir/*.js')).toEqual({ base: '/abs/dir', rest: '*.js' });
    expect(splitGlobPattern('/*.js')).toEqual({ base: '/', rest: '*.js' });
    expect(splitGlobPattern('../lib/{a,b}.js')).toEqual({ base: '../lib', rest: '{a,b}.js' });
    expect(splitGlobPattern('src/index.ts')).toEqual({ base: 'src', rest: 'index.ts' });
  });
});
