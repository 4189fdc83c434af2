// The environment variables that carry Wave's and its providers' keys. A program Wave starts for
// someone else's purposes (a hook, a sandboxed command) gets the environment without them: the
// names Wave and the providers' SDKs read, any `…_API_KEY` or `…_AUTH_TOKEN` (the convention a
// configured model's `apiKeyEnv` follows), and whatever names the configured models give.
import type { ModelSettings } from './model-setup.js';

/** The names Wave and its providers read a key from. */
export const CREDENTIAL_VARIABLES: readonly string[] = [
  'WAVE_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'OPENAI_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'GEMINI_API_KEY',
  // AWS's secrets (Claude on Amazon Bedrock); the key id alone signs nothing, so it stays.
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
];

const KEY_LIKE = /_(API_KEY|AUTH_TOKEN)$/;

/** The names the configured models read their keys from (`apiKeyEnv`). */
export function configuredKeyVariables(settings: ModelSettings | undefined): string[] {
  return Object.values(settings?.models ?? {}).flatMap((entry) =>
    entry.apiKeyEnv !== undefined && entry.apiKeyEnv !== '' ? [entry.apiKeyEnv] : [],
  );
}

/** Whether a variable holds a key: one Wave or a provider reads, `…_API_KEY`, `…_AUTH_TOKEN`, or one of `also`. */
export function isCredentialVariable(name: string, also: readonly string[] = []): boolean {
  return CREDENTIAL_VARIABLES.includes(name) || also.includes(name) || KEY_LIKE.test(name);
}

/** `env` without the keys; `also` names more variables that hold one. */
export function withoutCredentials(
  env: Readonly<Record<string, string | undefined>>,
  also: readonly string[] = [],
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !isCredentialVariable(name, also)),
  );
}
