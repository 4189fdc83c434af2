// Where the two full settings files live: the user's under $WAVE_HOME, the project's under the
// workdir. The files rules and hooks also come from are listed by agent-sdk's settingsFiles.
import { join, resolve } from 'node:path';
import { userSettingsFile } from '@wave-agent/agent-sdk';
import type { SettingsScope } from './settings-schema.js';

export interface SettingsLocation {
  readonly waveHome: string;
  readonly workdir: string;
  /**
   * The user's Claude Code folder (agent-sdk's resolveClaudeHome), read beside $WAVE_HOME unless
   * the user's settings say `"readClaudeHome": false`; undefined: not read.
   */
  readonly claudeHome?: string;
}

/** $WAVE_HOME/settings.json, as the agent reads it. */
export const userSettingsPath = userSettingsFile;

export function projectSettingsPath(workdir: string): string {
  return resolve(join(workdir, '.wave', 'settings.json'));
}

export function settingsPath(scope: SettingsScope, location: SettingsLocation): string {
  return scope === 'user'
    ? userSettingsPath(location.waveHome)
    : projectSettingsPath(location.workdir);
}
