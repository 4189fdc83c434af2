// In stdio mode stdout belongs to the protocol, so every log line (the SDK's, the peer's,
// the bridge's own) goes to stderr, which hosts show in their output panel. `wave web` logs the
// same way (its stdout carries only the address it serves). An Error among the details is its
// message, its stack only when `debug` (WAVE_DEBUG) asks for it (cli/log-details.ts).
import { formatWithOptions } from 'node:util';
import type { Logger } from '@wave-agent/agent-sdk';
import { shownDetails } from '../cli/log-details.js';

export interface LineWriter {
  write(text: string): unknown;
}

export function stderrLogger(stderr: LineWriter, prefix = 'wave --stdio', debug = false): Logger {
  const line =
    (level: string) =>
    (message: string, ...details: unknown[]): void => {
      const text = formatWithOptions(
        { colors: false, breakLength: Infinity },
        message,
        ...shownDetails(details, debug),
      );
      stderr.write(`${prefix}: ${level}${text}\n`);
    };
  return { debug: () => {}, info: line(''), warn: line('warning: '), error: line('error: ') };
}
