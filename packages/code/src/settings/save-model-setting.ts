// Saves the model chosen with the UI's /model command, in the user's or the project's settings
// file, keeping everything else the file says — its comments and layout too (an edit of the one
// key, as /permissions makes): a configured model as "defaultModel", a model id as "model" (then
// a "defaultModel" of the same file would still win, so it goes).
import {
  editJsonc,
  readEditableSettings,
  resolveWaveHome,
  writeTextAtomically,
} from '@wave-agent/agent-sdk';
import { settingsPath } from './settings-paths.js';
import type { SettingsLocation } from './settings-paths.js';
import type { SettingsScope } from './settings-schema.js';

export interface SavedModel {
  readonly path: string;
  /** The file's "defaultModel" that a saved model id replaced. */
  readonly replacedDefault?: string;
}

/**
 * Sets "model" (or, for a configured model, "defaultModel") in the user
 * ($WAVE_HOME/settings.json) or project (<workdir>/.wave/settings.json) settings. Throws an
 * Error whose message says what to do when the file cannot be updated.
 */
export async function saveModelSetting(
  scope: SettingsScope,
  model: string,
  location: Partial<SettingsLocation> = {},
  configured = false,
): Promise<SavedModel> {
  if (model.trim() === '') throw new Error('Cannot save an empty model name; pick a model first.');
  const path = settingsPath(scope, {
    waveHome: location.waveHome ?? resolveWaveHome(process.env),
    workdir: location.workdir ?? process.cwd(),
  });
  const { text, settings: current } = await readEditableSettings(path, 'Cannot save the model');
  // A project file that holds a key is not one Wave writes to (the key belongs elsewhere), and
  // deleting the user's key is not ours to do.
  if (scope === 'project' && 'apiKey' in current) {
    throw new Error(
      `Cannot save the model to ${path}: it holds an "apiKey", and Wave never writes a key into a project file. Move the key to $WAVE_HOME/settings.json or WAVE_API_KEY, then try again.`,
    );
  }
  const { defaultModel } = current;
  let next = text;
  if (!configured && 'defaultModel' in current) next = editJsonc(next, ['defaultModel'], undefined);
  next = editJsonc(next, [configured ? 'defaultModel' : 'model'], model);
  // The user file may hold an API key: readable by its owner only.
  await writeTextAtomically(
    path,
    next.endsWith('\n') ? next : `${next}\n`,
    scope === 'user' ? 0o600 : 0o644,
  );
  return {
    path,
    ...(!configured && typeof defaultModel === 'string' ? { replacedDefault: defaultModel } : {}),
  };
}
