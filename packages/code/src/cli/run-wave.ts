// The `wave` process around the CLI: stdout's broken pipe ends it as SIGPIPE would, the CLI
// runs, and the process exits with its code once stdout and stderr are flushed. An error that
// escapes every caller (thrown in a callback, a rejection no one awaited) ends the process as
// Node would (exit 1), but said as runCli says a bug, in one sentence, not as Node's whole trace.
// Shared by the bundle's entry (src/bin.ts), print mode's own bundle (src/print/print-entry.ts)
// and wave-claude's (src/claude-headless/wave-claude-main.ts).
import { runCli } from '../cli.js';
import type { CliContext } from '../cli.js';
import { unexpectedErrorText } from './unexpected-error.js';

/** What a shell reports for a process ended by SIGPIPE: `wave -p … | head -1` closed the pipe. */
const BROKEN_PIPE_EXIT_CODE = 141;

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

function endOnEscapedError(error: unknown): never {
  process.stderr.write(unexpectedErrorText(error, process.env));
  process.exit(1);
}

/** A command of this package: its arguments and process → its exit code, never throwing. */
export type ProgramRun = (argv: readonly string[], context: CliContext) => Promise<number>;

export async function runWave(argv: readonly string[], run: ProgramRun = runCli): Promise<never> {
  process.on('uncaughtException', endOnEscapedError);
  process.on('unhandledRejection', endOnEscapedError);
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // The reader is gone, so there is no one to tell; stop as a SIGPIPE'd program would.
    if (error.code === 'EPIPE') process.exit(BROKEN_PIPE_EXIT_CODE);
    throw error;
  });
  const code = await run(argv, {
    io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env },
    cwd: process.cwd(),
  });
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  // Exit explicitly: idle keep-alive sockets to the model API must not hold the process open.
  process.exit(code);
}
