// --output-format stream-json: every event as one JSON line, exactly as it goes over the wire
// ({"type": <notification name>, ...payload}), then the result line. Errors and notices are
// also written to stderr, so a script that only logs stderr still sees them.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { OutputStream } from '../cli/cli-io.js';
import type { PrintOutcome, PrintOutput } from './print-output.js';
import { resultRecord } from './result-record.js';
import { problemLine } from './stderr-lines.js';

export function streamJsonOutput(stdout: OutputStream, stderr: OutputStream): PrintOutput {
  return {
    event(event: AgentEvent) {
      stdout.write(`${JSON.stringify(event)}\n`);
      const line = problemLine(event);
      if (line !== undefined) stderr.write(`${line}\n`);
    },
    finish(outcome: PrintOutcome) {
      stdout.write(`${JSON.stringify(resultRecord(outcome))}\n`);
    },
  };
}
