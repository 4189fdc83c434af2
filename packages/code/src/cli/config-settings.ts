// /config's host side: for the common settings, the value each settings file gives and which file
// wins (Claude Code's and Wave's, weakest first, as settingsFiles orders them), and the edit of
// one of them in the user's file ($WAVE_HOME/settings.json: one key changed, the rest of the
// file, comments and layout kept, written atomically). The session's live values are the
// command's (commands/config-command.ts); this reads only files and the environment.
import {
  editJsonc,
  parseJsonc,
  readEditableSettings,
  settingsFiles,
  writeTextAtomically,
} from '@wave-agent/agent-sdk';
import { EFFORT_LEVELS, isRecord, PERMISSION_MODES } from '@wave-agent/shared-protocol';
import type { HostCommandReply } from '../commands/command-context.js';
import { NOTIFICATION_CHANNELS } from '../settings/notification-setting.js';
import { readSettingsText } from '../settings/read-settings-text.js';
import { saveModelSetting } from '../settings/save-model-setting.js';
import { userSettingsPath } from '../settings/settings-paths.js';
import type { SettingsLocation } from '../settings/settings-paths.js';

export interface ConfigKey {
  readonly key: string;
  /** Where Wave's files keep it. */
  readonly path: readonly string[];
  /** Where Claude Code's files keep it, when it reads the same setting. */
  readonly claudePath?: readonly string[];
  /** The values it takes; undefined for free text (a model id). */
  readonly values?: readonly string[];
  /** An environment variable that wins over every file. */
  readonly env?: string;
  /** Written as JSON true/false, not as text. */
  readonly boolean?: boolean;
}

/** The settings /config shows and edits (README: "/config"). */
export const CONFIG_KEYS: readonly ConfigKey[] = [
  { key: 'model', path: ['model'], claudePath: ['model'], env: 'WAVE_MODEL' },
  { key: 'effort', path: ['effort'], claudePath: ['effortLevel'], values: EFFORT_LEVELS },
  {
    key: 'permissionMode',
    path: ['permissionMode'],
    claudePath: ['permissions', 'defaultMode'],
    values: PERMISSION_MODES,
  },
  {
    key: 'sandbox.enabled',
    path: ['sandbox', 'enabled'],
    claudePath: ['sandbox', 'enabled'],
    values: ['true', 'false'],
    boolean: true,
  },
  {
    key: 'preferredNotifChannel',
    path: ['preferredNotifChannel'],
    claudePath: ['preferredNotifChannel'],
    values: NOTIFICATION_CHANNELS,
  },
];

export interface ConfigSource {
  readonly key: string;
  /** The winning value as written, or undefined when no file or variable sets it. */
  readonly value?: string;
  /** The file (or `$VARIABLE`) it comes from. */
  readonly from?: string;
}

function valueAt(object: unknown, path: readonly string[]): unknown {
  let at = object;
  for (const name of path) at = isRecord(at) ? at[name] : undefined;
  return at;
}

/** Each key's winning value and where it comes from. */
export function configSources(
  location: SettingsLocation,
  env: Readonly<Record<string, string | undefined>>,
): ConfigSource[] {
  const files = settingsFiles(location.waveHome, location.workdir, location.claudeHome).map(
    (file) => {
      const text = readSettingsText(file.path);
      const parsed = text.kind === 'text' ? parseJsonc(text.text).value : undefined;
      return { file, parsed };
    },
  );
  return CONFIG_KEYS.map((entry) => {
    const variable = entry.env !== undefined ? env[entry.env]?.trim() : undefined;
    if (variable) return { key: entry.key, value: variable, from: `$${entry.env}` };
    let found: ConfigSource = { key: entry.key };
    for (const { file, parsed } of files) {
      const path = file.kind.startsWith('claude') ? entry.claudePath : entry.path;
      const value = path ? valueAt(parsed, path) : undefined;
      if (typeof value === 'string' || typeof value === 'boolean')
        found = { key: entry.key, value: String(value), from: file.path };
    }
    return found;
  });
}

/** The sources as lines: `  effort  high  (from /home/me/.wave/settings.json)`. */
export function configSourceLines(sources: readonly ConfigSource[]): string[] {
  const width = Math.max(...sources.map((source) => source.key.length));
  return sources.map(
    (source) =>
      `  ${source.key.padEnd(width)}  ${
        source.value === undefined
          ? 'not set in any file (the default)'
          : `${source.value}  (from ${source.from})`
      }`,
  );
}

/**
 * `/config set KEY VALUE`'s write: the key in the user's settings file. A sentence for a key or
 * value /config does not edit.
 */
export async function saveConfigSetting(
  args: string,
  location: SettingsLocation,
): Promise<HostCommandReply> {
  const [key = '', ...rest] = args.trim().split(/\s+/);
  const value = rest.join(' ');
  const entry = CONFIG_KEYS.find((candidate) => candidate.key === key);
  if (entry === undefined)
    return {
      message: `/config edits ${CONFIG_KEYS.map((one) => one.key).join(', ')}; "${key}" is not one of them (edit other settings in ${userSettingsPath(location.waveHome)}).`,
      level: 'warning',
    };
  if (value === '' || (entry.values !== undefined && !entry.values.includes(value)))
    return {
      message: `${key} takes ${entry.values ? entry.values.join(', ') : 'a model id or a configured model name'}; "${value}" is not one.`,
      level: 'warning',
    };
  if (entry.key === 'model') {
    const saved = await saveModelSetting('user', value, location);
    return { message: `Saved model = ${value} in ${saved.path}.` };
  }
  const path = userSettingsPath(location.waveHome);
  const { text } = await readEditableSettings(path, `Cannot save ${key}`);
  const written = entry.boolean ? value === 'true' : value;
  const next = editJsonc(text, [...entry.path], written);
  // The user file may hold an API key: readable by its owner only.
  await writeTextAtomically(path, next.endsWith('\n') ? next : `${next}\n`, 0o600);
  return { message: `Saved ${key} = ${value} in ${path}.` };
}
