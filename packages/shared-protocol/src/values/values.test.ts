import { describe, expect, it } from 'vitest';
import { errorCode } from './error-code.js';
import { errorText } from './error-text.js';
import { isRecord } from './is-record.js';

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});

describe('errorText', () => {
  it('says what any thrown value says', () => {
    expect(errorText(new Error('The disk is full.'))).toBe('The disk is full.');
    expect(errorText('plain words')).toBe('plain words');
    expect(errorText({ code: 7 })).toBe('{"code":7}');
    expect(errorText(undefined)).toBe('undefined');
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(errorText(cycle)).toBe('[object Object]');
    expect(errorText(10n)).toBe('10');
  });
});

describe('errorCode', () => {
  it("reads the string code Node's errors carry, and nothing else", () => {
    expect(errorCode(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe('ENOENT');
    expect(errorCode({ code: 'EADDRINUSE' })).toBe('EADDRINUSE');
    expect(errorCode({ code: 7 })).toBeUndefined();
    expect(errorCode(new Error('no code'))).toBeUndefined();
    expect(errorCode('ENOENT')).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });
});
