// `enabledPlugins` in the user's settings file ($WAVE_HOME/settings.json): what `wave plugin
// install|uninstall|enable|disable` and /plugin change, one key at a time, keeping the file's comments and
// layout (the edit /permissions and /model make).
import { isRecord } from '@wave-agent/shared-protocol';
import { readEditableSettings } from '../settings/editable-settings-text.js';
import { userSettingsFile } from '../settings/settings-files.js';
import { editJsonc } from '../storage/jsonc-text.js';
import { writeTextAtomically } from '../storage/write-json-atomically.js';

/** The user's `enabledPlugins`, as written. */
export async function readEnabledPlugins(waveHome: string): Promise<Record<string, boolean>> {
  const { settings: json } = await readEditableSettings(
    userSettingsFile(waveHome),
    'Cannot read enabledPlugins',
  );
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
  const { text, settings: json } = await readEditableSettings(
    path,
    `Cannot turn ${id} ${on === true ? 'on' : 'off'}`,
  );
  const next =
    on === undefined && !isRecord(json['enabledPlugins'])
      ? text
      : editJsonc(text, ['enabledPlugins', id], on);
  // The user file may hold an API key: readable by its owner only.
  await writeTextAtomically(path, next.endsWith('\n') ? next : `${next}\n`, 0o600);
  return path;
}
