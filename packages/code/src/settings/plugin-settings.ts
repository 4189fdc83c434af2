// Which Claude Code plugins are on, from the settings files' `enabledPlugins`
// ({"name@marketplace": true}) and a project's `extraKnownMarketplaces` ({"name": {"source":
// {"source": "directory", "path": "./…"}}}). The user's file ($WAVE_HOME/settings.json, where
// `wave plugin install|enable|disable` write) turns on plugins the user installed: the user's word.
// A project file may turn one off freely; a plugin it turns on that the user has not is the
// repository's word, loaded from the user's installed copy or from the marketplace's folder
// itself, and runs only once the user trusts the folder with it (plugin-requests.ts).
// `~/.claude/settings.json`'s `enabledPlugins` is the user's word too, for what Wave's own file
// does not name: such a plugin loads from Wave's install, else from Claude Code's own under
// ~/.claude/plugins/ (read in place, claude-installed-plugins.ts); Wave's install wins on a clash.
import { isAbsolute, resolve } from 'node:path';
import {
  claudeInstalledBundle,
  installedBundle,
  installedPlugins,
  isProjectSection,
  knownMarketplaces,
  pluginDataDir,
  readMarketplace,
  readPluginBundle,
  splitPluginId,
} from '@wave-agent/agent-sdk';
import type { PluginBundle, SettingsSection } from '@wave-agent/agent-sdk';
import { errorText, isRecord } from '@wave-agent/shared-protocol';

export const PLUGIN_SETTING_KEYS: readonly string[] = ['enabledPlugins', 'extraKnownMarketplaces'];

export interface LoadedPlugins {
  /** On by the user's own settings: they run. */
  readonly user: readonly PluginBundle[];
  /** On by a project file only: they run once the folder is trusted with each. */
  readonly project: readonly PluginBundle[];
  readonly warnings: readonly string[];
}

export const NO_PLUGINS: LoadedPlugins = { user: [], project: [], warnings: [] };

function enabledOf(section: SettingsSection, warnings: string[]): Map<string, boolean> {
  const value = isRecord(section.value) ? section.value['enabledPlugins'] : undefined;
  const found = new Map<string, boolean>();
  if (value === undefined) return found;
  if (!isRecord(value)) {
    warnings.push(
      `"enabledPlugins" at ${section.locate('enabledPlugins')} is ignored: write it as {"name@marketplace": true}.`,
    );
    return found;
  }
  for (const [id, on] of Object.entries(value)) {
    if (typeof on === 'boolean' && id.includes('@')) found.set(id, on);
    else
      warnings.push(
        `"enabledPlugins.${id}" at ${section.locate(`enabledPlugins.${id}`)} is ignored: the key is name@marketplace and the value true or false.`,
      );
  }
  return found;
}

/** The project's marketplaces by name: a folder (relative to the project) for a directory source. */
function projectMarketplaces(
  sections: readonly SettingsSection[],
  warnings: string[],
): Map<string, string> {
  const folders = new Map<string, string>();
  for (const section of sections) {
    const value = isRecord(section.value) ? section.value['extraKnownMarketplaces'] : undefined;
    if (!isRecord(value)) continue;
    for (const [name, entry] of Object.entries(value)) {
      const source = isRecord(entry) && isRecord(entry['source']) ? entry['source'] : undefined;
      const path = source?.['path'];
      if (source?.['source'] === 'directory' && typeof path === 'string')
        folders.set(name, isAbsolute(path) ? path : resolve(section.baseDir, path));
      else
        warnings.push(
          `The marketplace "${name}" at ${section.locate(`extraKnownMarketplaces.${name}`)} is read only when its source is a folder ({"source": "directory", "path": "…"}); add it yourself with wave plugin marketplace add, then its plugins load.`,
        );
    }
  }
  return folders;
}

/** A plugin a project turns on, read where it is: the user's copy, or the marketplace's folder. */
function projectBundle(
  id: string,
  waveHome: string,
  marketplaces: Map<string, string>,
): { bundle?: PluginBundle; problems: readonly string[] } {
  const { name, marketplace } = splitPluginId(id);
  if (installedPlugins(waveHome)[id] !== undefined) {
    const read = installedBundle(waveHome, id);
    return read.bundle
      ? { bundle: { ...read.bundle, scope: 'project' }, problems: read.problems }
      : read;
  }
  const folder =
    marketplaces.get(marketplace) ?? knownMarketplaces(waveHome)[marketplace]?.installLocation;
  if (folder === undefined)
    return {
      problems: [
        `This folder turns on the plugin ${id}, but no marketplace ${marketplace} is known; add it with wave plugin marketplace add, or name it in "extraKnownMarketplaces".`,
      ],
    };
  const read = readMarketplace(folder);
  if ('problem' in read) return { problems: [read.problem] };
  const entry = read.plugins.find((plugin) => plugin.name === name);
  if (entry === undefined)
    return {
      problems: [`This folder turns on the plugin ${id}, but ${folder} has no plugin ${name}.`],
    };
  if (entry.source.kind !== 'path')
    return {
      problems: [
        `This folder turns on the plugin ${id}, which is in a git repository; install it with wave plugin install ${id}.`,
      ],
    };
  return readPluginBundle({
    root: entry.source.path,
    marketplace,
    dataDir: pluginDataDir(waveHome, id),
    scope: 'project',
  });
}

/** A plugin the user turned on: Wave's install, else Claude Code's (when its folder is read). */
function usersBundle(id: string, waveHome: string, claudeHome: string | undefined) {
  if (installedPlugins(waveHome)[id] !== undefined || claudeHome === undefined)
    return installedBundle(waveHome, id);
  return claudeInstalledBundle(claudeHome, id);
}

export function loadPlugins(
  sections: readonly SettingsSection[],
  waveHome: string,
  claudeHome?: string,
): LoadedPlugins {
  const warnings: string[] = [];
  const userOn = new Map<string, boolean>();
  const claudeOn = new Map<string, boolean>();
  const projectOn = new Map<string, boolean>();
  for (const section of sections) {
    const into =
      section.kind === 'claude-user' ? claudeOn : isProjectSection(section) ? projectOn : userOn;
    for (const [id, on] of enabledOf(section, warnings)) into.set(id, on);
  }
  const user: PluginBundle[] = [];
  const project: PluginBundle[] = [];
  const marketplaces = projectMarketplaces(sections.filter(isProjectSection), warnings);
  const ids = new Set([...userOn.keys(), ...claudeOn.keys(), ...projectOn.keys()]);
  for (const id of ids) {
    // Wave's own file wins over Claude Code's for the same plugin.
    const usersWord = (userOn.get(id) ?? claudeOn.get(id)) === true;
    const on = projectOn.get(id) ?? usersWord;
    if (!on) continue;
    try {
      const read = usersWord
        ? usersBundle(id, waveHome, claudeHome)
        : projectBundle(id, waveHome, marketplaces);
      warnings.push(...read.problems);
      if (read.bundle) (usersWord ? user : project).push(read.bundle);
    } catch (error) {
      warnings.push(`The plugin ${id} was not loaded: ${errorText(error)}`);
    }
  }
  return { user, project, warnings };
}
