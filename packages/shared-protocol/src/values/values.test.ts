import { describe, expect, it } from 'vitest';
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
