import { describe, expect, it } from 'vitest';
import { mayBePrint, printEntry } from './print-bundle.js';

describe('mayBePrint', () => {
  it('says yes to every way of asking for print mode', () => {
    expect(mayBePrint(['-p', 'hello'])).toBe(true);
    expect(mayBePrint(['--print', 'hello'])).toBe(true);
    expect(mayBePrint(['--model', 'm', '-p', 'hello'])).toBe(true);
    expect(mayBePrint(['-hp'])).toBe(true);
  });

  it('says no when no argument asks for it, or only after --', () => {
    expect(mayBePrint([])).toBe(false);
    expect(mayBePrint(['hello'])).toBe(false);
    expect(mayBePrint(['--stdio'])).toBe(false);
    expect(mayBePrint(['web', '--port', '0'])).toBe(false);
    expect(mayBePrint(['--', '-p'])).toBe(false);
    expect(mayBePrint(['--permission-mode', 'plan'])).toBe(false);
  });
});

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
