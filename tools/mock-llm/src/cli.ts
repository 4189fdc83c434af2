#!/usr/bin/env node
// Entry point: `pnpm mock-llm --scenario FILE [--port N]`. Serves until SIGINT/SIGTERM.
import { runCli } from './cli/run-cli.js';

const outcome = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
  invokedFrom: process.env['INIT_CWD'],
});

if (outcome.kind === 'exit') {
  process.exitCode = outcome.code;
} else {
  const stop = (): void => {
    outcome.server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
