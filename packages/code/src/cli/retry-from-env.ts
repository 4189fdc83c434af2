// WAVE_MAX_RETRIES: how often a failed model call is tried again (the SDK's default is 4, with
// backoff). Scripts and tests that prefer to fail fast set it to 0.
import { ConfigError } from '@wave-agent/agent-sdk';
import type { RetryPolicy } from '@wave-agent/agent-sdk';

export function retryFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Partial<RetryPolicy> {
  const value = env.WAVE_MAX_RETRIES?.trim();
  if (!value) return {};
  if (!/^\d+$/.test(value) || Number(value) > 100) {
    throw new ConfigError(
      `WAVE_MAX_RETRIES must be a whole number from 0 to 100, not "${value}". Fix or unset it.`,
    );
  }
  return { maxRetries: Number(value) };
}
