import { describe, expect, it } from 'vitest';
import { isPrintRun } from './print-entry.js';

describe("print mode's bundle entry", () => {
  it('runs print mode', () => {
    expect(isPrintRun(['-p', 'hello'])).toBe(true);
    expect(isPrintRun(['--print', '--output-format', 'json', 'hello'])).toBe(true);
  });

  it('leaves every other command line to the full bundle, errors included', () => {
    expect(isPrintRun([])).toBe(false);
    expect(isPrintRun(['hello'])).toBe(false);
    expect(isPrintRun(['-p', '--version'])).toBe(false);
    expect(isPrintRun(['-hp'])).toBe(false);
    expect(isPrintRun(['trust', '-p'])).toBe(false);
    expect(isPrintRun(['-p', '--stdio'])).toBe(false);
    expect(isPrintRun(['-p', '--no-such-flag'])).toBe(false);
  });
});
