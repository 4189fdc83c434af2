// `enabledPlugins` in the user's settings file ($WAVE_HOME/settings.json): what `wave plugin
// install|uninstall|enable|disable` change, one key at a time, keeping the file's comments and
// layout (the edit /permissions and /model make).
import { readFile } from 'node:fs/promises';
import {
  editJsonc,
  lineColumnAt,
  parseJsonc,
  userSettingsFile,
  writeTextAtomically,
} from '@wave-agent/agent-sdk';
import { errorCode, isRecord } from '@wave-agent/shared-protocol';

async function settingsText(
  path: string,
): Promise<{ text: string; json: Record<string, unknown> }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { text: '{}', json: {} };
    throw error;
  }
  if (text.trim() === '') return { text: '{}', json: {} };
  const parsed = parseJsonc(text);
  if (parsed.error) {
    const { line, column } = lineColumnAt(text, parsed.error.offset);
    throw new Error(
      `${path}:${line}:${column} is not valid JSON (${parsed.error.message}); fix it, then try again.`,
    );
  }
  if (!isRecord(parsed.value))
    throw new Error(`${path} does not hold a JSON object; fix it, then try again.`);
  return { text, json: parsed.value };
}

/** The user's `enabledPlugins`, as written. */
export async function readEnabledPlugins(waveHome: string): Promise<Record<string, boolean>> {
  const { json } = await settingsText(userSettingsFile(waveHome));
  const value = json['enabledPlugins'];
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
}

/** Sets the plugin on or off (undefined: removes the key); returns the file written. */
export async function setPluginEnabled(
  waveHome: string,
  id: string,
  on: boolean | undefined,
): Promise<string> {
  const path = userSettingsFile(waveHome);
  const { text, json } = await settingsText(path);
  const next =
    on === undefined && !isRecord(json['enabledPlugins'])
      ? text
      : editJsonc(text, ['enabledPlugins', id], on);
  // The user file may hold an API key: readable by its owner only.
  await writeTextAtomically(path, next.endsWith('\n') ? next : `${next}\n`, 0o600);
  return path;
}
