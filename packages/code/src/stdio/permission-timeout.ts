// How long a permission question waits for the host: WAVE_STDIO_PERMISSION_TIMEOUT_MS
// (milliseconds), else two minutes. Tests use a short one.
import type { Logger } from '@wave-agent/agent-sdk';
import { DEFAULT_PERMISSION_TIMEOUT_MS } from './permission-asker.js';

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
