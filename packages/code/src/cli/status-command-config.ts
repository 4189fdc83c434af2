// Settings' `statusLine` (settings/status-line-setting.ts) made ready for the terminal UI: the
// session's file for `transcript_path` once it exists, Wave's version, and the log for a command
// that hangs or fails.
import { existsSync } from 'node:fs';
import { sessionPathFor } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import type { StatusLineInForce } from '../settings/status-line-setting.js';
import type { StatusCommandConfig } from '../ui/hooks/use-status-command.js';
import { packageVersion } from './package-version.js';

export function statusCommandConfig(
  setting: StatusLineInForce | undefined,
  where: { readonly waveHome: string; readonly workdir: string; readonly logger: Logger },
): StatusCommandConfig | undefined {
  if (setting === undefined) return undefined;
  const { waveHome, workdir, logger } = where;
  return {
    command: setting.command,
    ...(setting.padding !== undefined ? { padding: setting.padding } : {}),
    cwd: workdir,
    version: packageVersion(),
    transcriptPath: (sessionId) => {
      const path = sessionPathFor(waveHome, workdir, sessionId);
      return existsSync(path) ? path : undefined;
    },
    log: (sentence) => logger.warn(sentence),
  };
}
