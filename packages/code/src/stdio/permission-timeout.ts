// How long a permission question waits for a host's answer: WAVE_STDIO_PERMISSION_TIMEOUT_MS
// (milliseconds), else two minutes. A host may never answer (it crashed, it has no UI for it),
// and a turn must not hang on it: the question is then denied with a reason the model reads.
// Tests use a short one.
import type { Logger } from '@wave-agent/agent-sdk';

export const DEFAULT_PERMISSION_TIMEOUT_MS = 120_000;

export const PERMISSION_TIMEOUT_VARIABLE = 'WAVE_STDIO_PERMISSION_TIMEOUT_MS';

export function permissionTimeoutFrom(
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
): number {
  const value = env[PERMISSION_TIMEOUT_VARIABLE]?.trim();
  if (!value) return DEFAULT_PERMISSION_TIMEOUT_MS;
  const ms = Number(value);
  if (/^\d+$/.test(value) && ms > 0) return ms;
  logger.warn(
    `${PERMISSION_TIMEOUT_VARIABLE} must be a whole number of milliseconds above 0, not "${value}"; using ${DEFAULT_PERMISSION_TIMEOUT_MS} ms. Fix or unset it.`,
  );
  return DEFAULT_PERMISSION_TIMEOUT_MS;
}
