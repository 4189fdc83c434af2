// What the launcher needs of print mode's bundle (src/print/print-entry.ts): whether a command
// line is a print run, before it loads that bundle (a quick look that may say yes too often,
// never no to a print run) and after (the parser's answer), and the run itself.

/** Whether `argv` may ask for print mode: -p (alone or among other short flags) or --print. */
export function mayBePrint(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--print' || (/^-[A-Za-z]+$/.test(arg) && arg.includes('p'))) return true;
  }
  return false;
}

export interface PrintEntry {
  isPrintRun(argv: readonly string[]): boolean;
  runPrintCommand(argv: readonly string[]): Promise<unknown>;
}

/** The entry's exports, checked: a bundle without them is a broken install, said as such. */
export function printEntry(exports: Record<string, unknown>): PrintEntry {
  const { isPrintRun, runPrintCommand } = exports;
  if (typeof isPrintRun !== 'function' || typeof runPrintCommand !== 'function')
    throw new Error("wave's print bundle has no print entry; reinstall wave.");
  return {
    isPrintRun: (argv) => {
      const answer: unknown = Reflect.apply(isPrintRun, undefined, [argv]);
      return answer === true;
    },
    runPrintCommand: (argv) => {
      const running: unknown = Reflect.apply(runPrintCommand, undefined, [argv]);
      return Promise.resolve(running);
    },
  };
}
