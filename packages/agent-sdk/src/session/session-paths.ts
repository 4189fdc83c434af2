// Where Wave keeps things: $WAVE_HOME (default ~/.wave), sessions grouped by working directory.
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

export function resolveWaveHome(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  return env.WAVE_HOME?.trim() || join(homedir(), '.wave');
}

/** A folder name that is readable and unique per working directory. */
export function workdirKey(workdir: string): string {
  const name = basename(workdir).replace(/[^A-Za-z0-9._-]/g, '_') || 'root';
  const hash = createHash('sha256').update(workdir).digest('hex').slice(0, 10);
  return `${name}-${hash}`;
}

export function sessionsDir(waveHome: string, workdir: string): string {
  return join(waveHome, 'sessions', workdirKey(workdir));
}
