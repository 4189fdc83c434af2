// What `wave plugin list` shows of Claude Code's own plugins: its user-scope installs under
// ~/.claude/plugins/ and the `enabledPlugins` of ~/.claude/settings.json, unless the user's Wave
// settings say `"readClaudeHome": false` (then Wave reads none of ~/.claude).
import {
  claudeEnabledPlugins,
  claudeInstalledPlugins,
  readEditableSettings,
  userSettingsFile,
} from '@wave-agent/agent-sdk';
import type { InstalledPlugin } from '@wave-agent/agent-sdk';

export interface ClaudeCodePlugins {
  readonly installed: Readonly<Record<string, InstalledPlugin>>;
  readonly enabled: Readonly<Record<string, boolean>>;
}

const NONE: ClaudeCodePlugins = { installed: {}, enabled: {} };

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
  return {
    installed: claudeInstalledPlugins(claudeHome),
    enabled: claudeEnabledPlugins(claudeHome),
  };
}
