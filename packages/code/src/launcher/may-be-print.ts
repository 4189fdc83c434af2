// The launcher's quick look at a command line, before it loads print mode's bundle: it may say
// yes too often (the bundle's parser then says no, and the full bundle runs), never no to a
// print run.

/** Whether `argv` may ask for print mode: -p (alone or among other short flags) or --print. */
export function mayBePrint(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--print' || (/^-[A-Za-z]+$/.test(arg) && arg.includes('p'))) return true;
  }
  return false;
}
