// Plugins Claude Code installed, read where it keeps them (~/.claude/plugins/, or
// $CLAUDE_CONFIG_DIR/plugins/), never copied: `installed_plugins.json` (version 2: each
// `name@marketplace` a list of installs, one per scope, each with its `installPath` in
// `cache/<marketplace>/<plugin>/<version>/`). Wave takes the user-scope install; an install Claude
// Code made for one project only ("project"/"local" with its `projectPath`) is not the user's
// plugin everywhere. The plugin's data folder is Claude Code's own, so both share its state.
import { join } from 'node:path';
import { isRecord } from '@wave-agent/shared-protocol';
import { readPluginBundle } from './plugin-bundle.js';
import type { BundleRead } from './plugin-bundle.js';
import { readPluginJson } from './plugin-json.js';
import { pluginDataDir, pluginsHome, splitPluginId } from './plugin-store.js';
import type { InstalledPlugin } from './plugin-store.js';

/** The file Claude Code lists its installs in. */
export function claudeInstalledFile(claudeHome: string): string {
  return join(pluginsHome(claudeHome), 'installed_plugins.json');
}

function installOf(entry: unknown): InstalledPlugin | undefined {
  if (!isRecord(entry) || typeof entry['installPath'] !== 'string') return undefined;
  return {
    installPath: entry['installPath'],
    version: typeof entry['version'] === 'string' ? entry['version'] : 'unversioned',
    installedAt: typeof entry['installedAt'] === 'string' ? entry['installedAt'] : '',
  };
}

/** The user's installs: version 2's user-scope entry, or version 1's one entry per id. */
function userInstall(value: unknown): InstalledPlugin | undefined {
  if (!Array.isArray(value)) return installOf(value);
  const entries: readonly unknown[] = value;
  return installOf(entries.find((entry) => isRecord(entry) && entry['scope'] === 'user'));
}

/** Claude Code's user-scope installs by id; a broken registry is a sentence (thrown). */
export function claudeInstalledPlugins(claudeHome: string): Record<string, InstalledPlugin> {
  const read = readPluginJson(claudeInstalledFile(claudeHome));
  if (read.kind === 'problem')
    throw new Error(`${read.problem} Claude Code's plugins were not read.`);
  if (read.kind === 'missing' || !isRecord(read.value)) return {};
  const plugins = isRecord(read.value['plugins']) ? read.value['plugins'] : {};
  const installed: Record<string, InstalledPlugin> = {};
  for (const [id, value] of Object.entries(plugins)) {
    const install = userInstall(value);
    if (install !== undefined && id.includes('@')) installed[id] = install;
  }
  return installed;
}

/** A plugin Claude Code installed, read from its copy under Claude Code's folder. */
export function claudeInstalledBundle(claudeHome: string, id: string): BundleRead {
  const entry = claudeInstalledPlugins(claudeHome)[id];
  if (entry === undefined)
    return {
      problems: [
        `Claude Code's settings turn on the plugin ${id}, which Claude Code has not installed for you (${claudeInstalledFile(claudeHome)}); install it with wave plugin install ${id}.`,
      ],
    };
  return readPluginBundle({
    root: entry.installPath,
    marketplace: splitPluginId(id).marketplace,
    dataDir: pluginDataDir(claudeHome, id),
    scope: 'user',
  });
}

/** `enabledPlugins` of Claude Code's settings.json, as written; a broken file is a sentence (thrown). */
export function claudeEnabledPlugins(claudeHome: string): Record<string, boolean> {
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
