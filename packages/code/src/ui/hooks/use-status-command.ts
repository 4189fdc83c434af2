// The line a status line command (settings' `statusLine`) draws under the prompt: the command
// runs on every change of the session (status-command-runner.ts bounds how often), and this
// hook holds its latest first line. Undefined while there is none (no command, no answer yet).
import type { SessionHandle } from '@wave-agent/client';
import { useEffect, useState } from 'react';
import { statusCommandInput } from '../status/status-command-input.js';
import { StatusCommandRunner } from '../status/status-command-runner.js';

export interface StatusCommandConfig {
  readonly command: string;
  /** Spaces before the line (Claude Code's `padding`). */
  readonly padding?: number;
  readonly cwd: string;
  readonly version: string;
  /** The session's file when it exists (a session gets one with its first message). */
  readonly transcriptPath: (sessionId: string) => string | undefined;
  /** Where a slow or failing command is reported (the log file: the screen is the user's). */
  readonly log: (sentence: string) => void;
  readonly timeoutMs?: number;
}

export function useStatusCommand(
  session: SessionHandle,
  config: StatusCommandConfig | undefined,
): string | undefined {
  const [line, setLine] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (config === undefined) return undefined;
    const startedAt = Date.now();
    const runner = new StatusCommandRunner({
      command: config.command,
      cwd: config.cwd,
      onLine: setLine,
      log: config.log,
      ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    });
    const input = () => {
      const state = session.getSnapshot();
      return JSON.stringify(
        statusCommandInput({
          state,
          transcriptPath: config.transcriptPath(state.sessionId),
          version: config.version,
          startedAt,
          now: Date.now(),
        }),
      );
    };
    runner.update(input);
    const unsubscribe = session.subscribe(() => runner.update(input));
    return () => {
      unsubscribe();
      runner.close();
    };
  }, [session, config]);
  return line === undefined ? undefined : `${' '.repeat(config?.padding ?? 0)}${line}`;
}
