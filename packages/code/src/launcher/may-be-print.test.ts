import { describe, expect, it } from 'vitest';
import { mayBePrint } from './may-be-print.js';

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
