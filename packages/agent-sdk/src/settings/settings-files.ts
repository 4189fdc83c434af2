// The settings files rules and hooks come from, weakest first: the user's (`~/.claude/settings.json`
// when Claude Code's folder is read, then $WAVE_HOME/settings.json), then the project's: Claude Code's `.claude/settings.json`, Wave's
// `.wave/settings.json`, Claude Code's `.claude/settings.local.json`, Wave's
// `.wave/settings.local.json` (where "don't ask again" writes).
import { join, resolve } from 'node:path';
import type { SettingsFileKind } from './settings-section.js';

export interface SettingsFile {
  readonly kind: SettingsFileKind;
  readonly path: string;
  /** The folder the file configures (rules' `/path` is relative to it). */
  readonly baseDir: string;
}

export function localSettingsPath(workdir: string): string {
  return resolve(workdir, '.wave', 'settings.local.json');
}

/** The user's settings file: $WAVE_HOME/settings.json. */
export function userSettingsFile(waveHome: string): string {
  return resolve(waveHome, 'settings.json');
}

/** Claude Code's own settings file in the user's Claude Code folder. */
export function claudeUserSettingsFile(claudeHome: string): string {
  return resolve(claudeHome, 'settings.json');
}

export function settingsFiles(
  waveHome: string,
  workdir: string,
  claudeHome?: string,
): readonly SettingsFile[] {
  const work = resolve(workdir);
  const home = resolve(waveHome);
  const claude: SettingsFile[] =
    claudeHome === undefined
      ? []
      : [
          {
            kind: 'claude-user',
            path: claudeUserSettingsFile(claudeHome),
            baseDir: resolve(claudeHome),
          },
        ];
  return [
    ...claude,
    { kind: 'user', path: userSettingsFile(home), baseDir: home },
    { kind: 'claude-project', path: join(work, '.claude', 'settings.json'), baseDir: work },
    { kind: 'project', path: join(work, '.wave', 'settings.json'), baseDir: work },
    { kind: 'claude-local', path: join(work, '.claude', 'settings.local.json'), baseDir: work },
    { kind: 'local', path: localSettingsPath(work), baseDir: work },
  ];
}
