// The entry of wave-claude's bundle (dist/bundle/wave-claude.js, which bin/wave-claude loads in
// its own process): the headless protocol instead of the CLI, in the same process frame as
// `wave` (flushed output, the exit code, errors said in one sentence).
import { exitCodeOf } from '../cli.js';
import { runWave } from '../cli/run-wave.js';
import { runClaudeHeadless } from './run-headless.js';

await runWave(process.argv.slice(2), (argv, context) =>
  exitCodeOf(() => runClaudeHeadless(argv, context), context),
);
