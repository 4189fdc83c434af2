import { describe, expect, it } from 'vitest';
import { printEntry } from './print-bundle.js';

describe('printEntry', () => {
  it("calls the bundle's entry", async () => {
    const calls: unknown[] = [];
    const entry = printEntry({
      isPrintRun: (argv: string[]) => argv[0] === '-p',
      runPrintCommand: (argv: string[]) => {
        calls.push(argv);
        return Promise.resolve('ran');
      },
    });
    expect(entry.isPrintRun(['-p', 'x'])).toBe(true);
    expect(entry.isPrintRun(['x'])).toBe(false);
    await expect(entry.runPrintCommand(['-p', 'x'])).resolves.toBe('ran');
    expect(calls).toEqual([['-p', 'x']]);
  });

  it('says the install is broken when the bundle has no entry', () => {
    expect(() => printEntry({})).toThrow("wave's print bundle has no print entry; reinstall wave.");
  });
});
