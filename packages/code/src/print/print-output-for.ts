// Picks the printer for --output-format.
import type { OutputFormat } from '../cli/cli-options.js';
import type { OutputStream } from '../cli/cli-io.js';
import { jsonOutput } from './json-output.js';
import type { PrintOutput } from './print-output.js';
import { streamJsonOutput } from './stream-json-output.js';
import { textOutput } from './text-output.js';

export function printOutputFor(
  format: OutputFormat,
  stdout: OutputStream,
  stderr: OutputStream,
): PrintOutput {
  switch (format) {
    case 'text':
      return textOutput(stdout, stderr);
    case 'json':
      return jsonOutput(stdout, stderr);
    case 'stream-json':
      return streamJsonOutput(stdout, stderr);
  }
}
