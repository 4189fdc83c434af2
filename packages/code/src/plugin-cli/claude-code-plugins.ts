// What `wave plugin list` shows of Claude Code's own plugins: its user-scope installs under
// ~/.claude/plugins/ and the `enabledPlugins` of ~/.claude/settings.json, unless the user's Wave
// settings say `"readClaudeHome": false` (then Wave reads none of ~/.claude).
import { join } from 'node:path';
import { claudeInstalledPlugins, readPluginJson, userSettingsFile } from '@wave-agent/agent-sdk';
import type { InstalledPlugin } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';
import { readEditableSettings } from '../settings/editable-settings-text.js';

export interface ClaudeCodePlugins {
  readonly installed: Readonly<Record<string, InstalledPlugin>>;
  readonly enabled: Readonly<Record<string, boolean>>;
}

const NONE: ClaudeCodePlugins = { installed: {}, enabled: {} };

function claudeEnabled(claudeHome: string): Record<string, boolean> {
  const read = readPluginJson(join(claudeHome, 'settings.json'));
  if (read.kind === 'problem') throw new Error(read.problem);
  const value = read.kind === 'value' && isRecord(read.value) ? read.value['enabledPlugins'] : {};
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
}

export async function claudeCodePlugins(
  waveHome: string,
  claudeHome: string | undefined,
): Promise<ClaudeCodePlugins> {
  if (claudeHome === undefined) return NONE;
  const { settings } = await readEditableSettings(
    userSettingsFile(waveHome),
    "Cannot read Claude Code's plugins",
  );
  if (settings['readClaudeHome'] === false) return NONE;
  return { installed: claudeInstalledPlugins(claudeHome), enabled: claudeEnabled(claudeHome) };
}
