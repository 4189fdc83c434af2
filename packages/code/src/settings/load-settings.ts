// The settings Wave starts with: the user file, then the project file over it. Environment and
// flags override both; that happens where the Agent's options are built (cli/agent-options.ts).
import { projectSettingsPath, userSettingsPath } from './settings-paths.js';
import type { SettingsLocation } from './settings-paths.js';
import { readSettingsFile } from './read-settings-file.js';
import type { WaveSettings } from './settings-schema.js';

export interface LoadedSettings {
  /** Project over user, key by key; apiKey only from the user file; allowedTools from both. */
  readonly settings: WaveSettings;
  /** Problems found, one line each, saying what to do. */
  readonly warnings: readonly string[];
}

/** allowedTools grants from both files add up: a project list should not revoke the user's. */
function unionOf(...lists: (readonly string[] | undefined)[]): string[] | undefined {
  const present = lists.filter((list) => list !== undefined);
  return present.length === 0 ? undefined : [...new Set(present.flat())];
}

export function loadSettings(location: SettingsLocation): LoadedSettings {
  const userPath = userSettingsPath(location.waveHome);
  const projectPath = projectSettingsPath(location.workdir);
  const user = readSettingsFile(userPath);
  // Working in the home directory makes ~/.wave/settings.json both files; it is the user's.
  const project =
    projectPath === userPath
      ? { settings: {}, warnings: [], keyLocation: () => '' }
      : readSettingsFile(projectPath);

  const warnings = [...user.warnings, ...project.warnings];
  const { apiKey: projectApiKey, ...projectSettings } = project.settings;
  if (projectApiKey !== undefined) {
    warnings.push(
      `ignoring "apiKey" at ${project.keyLocation('apiKey')}: a project file may be committed, so Wave never reads a key from it. Move it to ${userPath} or set WAVE_API_KEY.`,
    );
  }
  const allowedTools = unionOf(user.settings.allowedTools, projectSettings.allowedTools);
  return {
    settings: { ...user.settings, ...projectSettings, ...(allowedTools ? { allowedTools } : {}) },
    warnings,
  };
}
