// What the launcher needs of print mode's bundle (src/print/print-entry.ts): whether a command
// line is a print run (the parser's answer) and the run itself.

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
