// --output-format json: nothing until the turn ends, then one JSON object that sums it up.
// Errors and notices still go to stderr as they happen.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { OutputStream } from '../cli/cli-io.js';
import type { PrintOutcome, PrintOutput } from './print-output.js';
import { resultRecord } from './result-record.js';
import { problemLine } from './stderr-lines.js';

export function jsonOutput(stdout: OutputStream, stderr: OutputStream): PrintOutput {
  return {
    event(event: AgentEvent) {
      const line = problemLine(event);
      if (line !== undefined) stderr.write(`${line}\n`);
    },
    finish(outcome: PrintOutcome) {
      stdout.write(`${JSON.stringify(resultRecord(outcome))}\n`);
    },
  };
}
