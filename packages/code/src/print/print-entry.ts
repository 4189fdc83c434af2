// The entry of print mode's own bundle (scripts/bundle.mjs: print-<hash>.cjs), which the
// published launcher loads with a V8 code cache on a Node without one of its own (Node 20; see
// src/launcher/wave-launcher.ts). It runs `wave -p PROMPT` and nothing else: any other command
// line (another mode, --help, --version, `wave trust`, one the parser rejects) is answered
// "not mine", before anything is written, and the launcher runs the full bundle instead.
import { parseCliArgs } from '../cli/parse-cli-args.js';
import { runWave } from '../cli/run-wave.js';
import { TRUST_COMMAND } from '../cli/trust-command.js';

/** Whether this bundle runs `argv`: print mode, with nothing the full bundle must answer. */
export function isPrintRun(argv: readonly string[]): boolean {
  if (argv[0] === TRUST_COMMAND) return false;
  try {
    const cli = parseCliArgs(argv);
    return cli.mode === 'print' && !cli.help && !cli.version;
  } catch {
    // The full bundle parses it again and says what is wrong with it.
    return false;
  }
}

/** Runs `wave -p …` (isPrintRun said yes) and exits the process with its code. */
export function runPrintCommand(argv: readonly string[]): Promise<never> {
  return runWave(argv);
}
