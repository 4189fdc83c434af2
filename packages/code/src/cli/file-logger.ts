// Where the SDK's log lines go when stderr is not theirs to write: the Ink UI owns the terminal,
// and print mode's stderr carries the user-facing lines. Lines go to $WAVE_HOME/logs/wave.log;
// `echo` receives the levels that must also be seen at once, an Error among the details as its
// message (its stack only with `stacks`: WAVE_DEBUG); the file keeps every stack.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatWithOptions } from 'node:util';
import { storageReason } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import { shownDetails } from './log-details.js';

type Level = keyof Logger;

export function logFilePath(waveHome: string): string {
  return join(waveHome, 'logs', 'wave.log');
}

export function fileLogger(
  path: string,
  echo?: { levels: readonly Level[]; write: (line: string) => void; stacks?: boolean },
): Logger {
  let broken = false;
  const log =
    (level: Level) =>
    (message: string, ...details: unknown[]) => {
      const format = (shown: readonly unknown[]) =>
        formatWithOptions({ colors: false, breakLength: Infinity }, message, ...shown);
      const text = format(details);
      if (echo?.levels.includes(level))
        echo.write(`wave: ${format(shownDetails(details, echo.stacks ?? false))}`);
      if (broken) return;
      try {
        mkdirSync(dirname(path), { recursive: true });
        appendFileSync(path, `${new Date().toISOString()} ${level} ${text}\n`);
      } catch (error) {
        // Said once, then the file is given up on; the line itself still goes to the echo if any.
        broken = true;
        process.stderr.write(
          `wave: cannot write the log file ${path} (${storageReason(error)}); log lines are dropped from now on. Make the folder writable or set WAVE_HOME to one that is.\n`,
        );
      }
    };
  return { debug: () => {}, info: log('info'), warn: log('warn'), error: log('error') };
}
