#!/usr/bin/env node
// The `wave` executable: run the CLI, then exit with its code once stdout and stderr are flushed.
import { runWave } from './cli/run-wave.js';

await runWave(process.argv.slice(2));
