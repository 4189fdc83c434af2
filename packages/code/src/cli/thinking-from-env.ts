// MAX_THINKING_TOKENS, as Claude Code reads it: the thinking budget of a budget-thinking Claude
// model at the default effort; 0 turns extended thinking off.
import { ConfigError } from '@wave-agent/agent-sdk';

export function maxThinkingTokensFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): number | undefined {
  const value = env.MAX_THINKING_TOKENS?.trim();
  if (!value) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 10_000_000) {
    throw new ConfigError(
      `MAX_THINKING_TOKENS must be a whole number of tokens (0 turns thinking off), not "${value}". Fix or unset it.`,
    );
  }
  return Number(value);
}
