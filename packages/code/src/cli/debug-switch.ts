// WAVE_DEBUG: the user's (or a developer's) request to see where an error happened. It adds the
// stack to a bug's line, and the launcher turns Node's source maps on before the bundle loads,
// so the stack names the TypeScript sources (Node maps only the modules loaded after that).
// Imports nothing: the launcher reads it before anything else is loaded.

/** The environment variable that adds a bug's stack trace to its line. */
export const DEBUG_VARIABLE = 'WAVE_DEBUG';

/** Whether WAVE_DEBUG asks for stack traces: set to anything but empty or 0. */
export function debugRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env[DEBUG_VARIABLE];
  return value !== undefined && value !== '' && value !== '0';
}
