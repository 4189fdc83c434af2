// Claude Code's `--settings <file-or-json>` and `--setting-sources user,project,local`: one more
// settings layer, the strongest (a JSON file, or the JSON itself), and which settings files are
// read. Wave's files by source: user = $WAVE_HOME/settings.json and ~/.claude/settings.json;
// project = .wave/settings.json and .claude/settings.json; local = the two settings.local.json.
// They apply where cli.ts reads the settings: print mode and the terminal UI.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { SettingsFileKind } from '@wave-agent/agent-sdk';
import { errorText } from '@wave-agent/shared-protocol';
import { settingsFromText } from '../settings/read-settings-file.js';
import type { SettingsChoice } from '../settings/settings-sections.js';
import type { CliMode } from './cli-options.js';
import { UsageError } from './usage-error.js';

export const SETTINGS_FLAG_OPTIONS = {
  settings: { type: 'string' },
  'setting-sources': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export interface SettingsFlagValues {
  readonly settings?: string;
  readonly 'setting-sources'?: string;
}

const SOURCE_KINDS: Readonly<Record<string, readonly SettingsFileKind[]>> = {
  user: ['claude-user', 'user'],
  project: ['claude-project', 'project'],
  local: ['claude-local', 'local'],
};

function sourceKinds(value: string): readonly SettingsFileKind[] {
  // "" is no file at all (the Agent SDK passes it to run on the app's settings only).
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !Object.hasOwn(SOURCE_KINDS, name));
  if (unknown.length > 0)
    throw new UsageError(
      `--setting-sources takes user, project and local, separated by commas, and ${unknown.map((name) => `"${name}"`).join(', ')} is not one.`,
    );
  return names.flatMap((name) => SOURCE_KINDS[name] ?? []);
}

/** The layer's text: the JSON itself when it starts like an object, else the file it names. */
function settingsLayer(value: string, cwd: string): NonNullable<SettingsChoice['layer']> {
  if (value.trim() === '')
    throw new UsageError(
      '--settings needs a settings file or JSON, like --settings \'{"model": "sonnet"}\'.',
    );
  if (value.trimStart().startsWith('{')) return { text: value, path: '--settings', baseDir: cwd };
  const path = resolve(cwd, value);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--settings: cannot read ${value} (${errorText(error)}).`);
  }
  return { text, path, baseDir: dirname(path) };
}

/** The settings flags of the command line, checked (a layer that is not valid settings is refused). */
export function settingsFlags(
  values: SettingsFlagValues,
  mode: CliMode,
  cwd: string,
): SettingsChoice | undefined {
  const given = (['settings', 'setting-sources'] as const).filter(
    (name) => values[name] !== undefined,
  );
  if (given.length === 0) return undefined;
  if (mode !== 'print' && mode !== 'interactive')
    throw new UsageError(
      `${given.map((name) => `--${name}`).join(', ')} applies to print mode and the terminal UI; each session of ${mode === 'web' ? 'wave web' : `--${mode}`} reads its folder's settings.`,
    );
  const layer = values.settings === undefined ? undefined : settingsLayer(values.settings, cwd);
  if (layer !== undefined) {
    const { problem } = settingsFromText(layer.text, layer.path);
    if (problem !== undefined) throw new UsageError(`--settings: ${problem}.`);
  }
  const sources = values['setting-sources'];
  return {
    ...(sources !== undefined ? { kinds: sourceKinds(sources) } : {}),
    ...(layer !== undefined ? { layer } : {}),
  };
}
