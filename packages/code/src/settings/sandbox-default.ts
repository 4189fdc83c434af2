// Whether commands run in the sandbox when no flag and no settings file says: yes where Wave has
// one (Linux's bubblewrap, macOS's sandbox-exec), so a new user's commands run without a question
// inside it and only what must leave it asks. Where it then cannot run (no bwrap, no user
// namespaces), it is off and says so once (agent-sdk's CommandSandbox, `byDefault`).
// WAVE_SANDBOX_DEFAULT=off keeps the old default (off) without writing a settings file.

/** The variable that turns the default off: `off`. */
export const SANDBOX_DEFAULT_VARIABLE = 'WAVE_SANDBOX_DEFAULT';

export function sandboxOnByDefault(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (env[SANDBOX_DEFAULT_VARIABLE]?.trim().toLowerCase() === 'off') return false;
  return platform === 'linux' || platform === 'darwin';
}
