// How `pnpm bench` prints a table of rows (each beside its floor or peer, its goal, a met/missed
// mark and its regression gate) and collects what failed.
import { goalMark } from './issue12-goals.js';
import type { Goal } from './issue12-goals.js';
import type { Bound, Check } from './regression-bounds.js';

export const fixed = (value: number, digits: number): string => value.toFixed(digits);
export const times = (ratio: number): string => `${fixed(ratio, 2)}×`;
export const bytes = (value: number): string => `${Math.round(value).toLocaleString('en')} B`;

/** The checks of this run, and the failures beside them (each a sentence). */
export class Verdict {
  readonly checks: Check[] = [];
  readonly failures: string[] = [];

  bounded(bound: Bound, ratio: number): string {
    this.checks.push({ bound, ratio });
    return ratio <= bound.max ? `≤ ${bound.max}` : `REGRESSED (bound ${bound.max})`;
  }

  fail(failure: string): void {
    this.failures.push(failure);
  }
}

export interface Row {
  readonly name: string;
  /** The floor's or the peer's figure the ratio is taken against. */
  readonly floor: string;
  readonly wave: string;
  readonly ratio: number;
  readonly goal?: Goal;
  readonly bound?: Bound;
}

export function printRows(rows: readonly Row[], verdict: Verdict): void {
  const header = `  ${'row'.padEnd(46)}${'floor or peer'.padStart(30)}${'wave'.padStart(14)}  ${'ratio'.padEnd(8)}${'goal'.padEnd(46)}${'mark'.padEnd(9)}gate`;
  console.log(header);
  for (const row of rows) {
    const goal = row.goal ? row.goal.text : '';
    const mark = row.goal ? goalMark(row.goal, row.ratio) : '';
    const gate = row.bound ? verdict.bounded(row.bound, row.ratio) : '';
    console.log(
      `  ${row.name.padEnd(46)}${row.floor.padStart(30)}${row.wave.padStart(14)}  ${times(row.ratio).padEnd(8)}${goal.padEnd(46)}${mark.padEnd(9)}${gate}`,
    );
  }
}
