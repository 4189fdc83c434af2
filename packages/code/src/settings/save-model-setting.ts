// Saves the model chosen with the UI's /model command, in the user's or the project's settings
// file, keeping everything else the file says: a configured model as "defaultModel", a model id
// as "model" (then a "defaultModel" of the same file would still win, so it goes).
import { readFile } from 'node:fs/promises';
import { lineColumnAt, parseJsonc, resolveWaveHome } from '@wave-agent/agent-sdk';
import { settingsPath } from './settings-paths.js';
import type { SettingsLocation } from './settings-paths.js';
import type { SettingsScope } from './settings-schema.js';
import { writeJsonAtomically } from '@wave-agent/agent-sdk';

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

async function readObject(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return {};
    throw error;
  }
  if (text.trim() === '') return {};
  const parsed = parseJsonc(text);
  if (parsed.error) {
    const { line, column } = lineColumnAt(text, parsed.error.offset);
    throw new Error(
      `Cannot save the model: ${path}:${line}:${column} is not valid JSON (${parsed.error.message}). Fix or delete the file, then try again.`,
    );
  }
  const json = parsed.value;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error(
      `Cannot save the model: ${path} does not hold a JSON object. Fix or delete the file, then try again.`,
    );
  }
  return { ...json };
}

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
  const current = await readObject(path);
  // Rewriting a project file would write its key again, and deleting the user's key is not ours to do.
  if (scope === 'project' && 'apiKey' in current) {
    throw new Error(
      `Cannot save the model to ${path}: it holds an "apiKey", and Wave never writes a key into a project file. Move the key to $WAVE_HOME/settings.json or WAVE_API_KEY, then try again.`,
    );
  }
  const { defaultModel, ...others } = current;
  const next = configured ? { ...current, defaultModel: model } : { ...others, model };
  // The user file may hold an API key: readable by its owner only.
  await writeJsonAtomically(path, next, scope === 'user' ? 0o600 : 0o644);
  return {
    path,
    ...(!configured && typeof defaultModel === 'string' ? { replacedDefault: defaultModel } : {}),
  };
}
