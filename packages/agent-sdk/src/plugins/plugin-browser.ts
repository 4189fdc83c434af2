// What /plugin shows and does in every UI, done once for all of them: the plugins of the
// marketplaces the user added with whether each is installed and on (Wave's settings over
// Claude Code's, Wave's install over Claude Code's), and one change at a time through the same
// store and settings edit as `wave plugin`. Asking from a UI is the user's yes. A change holds
// from the next session on: the session's plugins were loaded, with their trust, at its start.
import { errorText } from '@wave-agent/shared-protocol';
import type {
  ChangePluginResult,
  ListPluginsResult,
  PluginAction,
  PluginRow,
} from '@wave-agent/shared-protocol';
import { claudeEnabledPlugins, claudeInstalledPlugins } from './claude-installed-plugins.js';
import { readEnabledPlugins, setPluginEnabled } from './enabled-plugins-file.js';
import { readMarketplace } from './marketplace-file.js';
import type { InstalledPlugin } from './plugin-store.js';
import {
  installedPlugins,
  installPlugin,
  knownMarketplaces,
  splitPluginId,
  uninstallPlugin,
} from './plugin-store.js';

export interface PluginHomes {
  readonly waveHome: string;
  /** Claude Code's folder when the session reads it. */
  readonly claudeHome?: string | undefined;
}

interface Installs {
  readonly wave: Record<string, InstalledPlugin>;
  readonly claude: Record<string, InstalledPlugin>;
  readonly enabled: Record<string, boolean>;
  readonly claudeEnabled: Record<string, boolean>;
}

async function installs(homes: PluginHomes, problems: string[]): Promise<Installs> {
  const wave = installedPlugins(homes.waveHome);
  const enabled = await readEnabledPlugins(homes.waveHome);
  if (homes.claudeHome === undefined) return { wave, claude: {}, enabled, claudeEnabled: {} };
  try {
    return {
      wave,
      enabled,
      claude: claudeInstalledPlugins(homes.claudeHome),
      claudeEnabled: claudeEnabledPlugins(homes.claudeHome),
    };
  } catch (error) {
    problems.push(errorText(error));
    return { wave, claude: {}, enabled, claudeEnabled: {} };
  }
}

function row(id: string, all: Installs, description?: string): PluginRow {
  const install = all.wave[id] ?? all.claude[id];
  const installed = install !== undefined;
  return {
    id,
    ...(description ? { description } : {}),
    ...(install ? { version: install.version } : {}),
    installed,
    enabled: installed && (all.enabled[id] ?? all.claudeEnabled[id]) === true,
    ...(all.wave[id] ? { installedBy: 'wave' as const } : {}),
    ...(!all.wave[id] && all.claude[id] ? { installedBy: 'claude-code' as const } : {}),
  };
}

export async function listPluginRows(homes: PluginHomes): Promise<ListPluginsResult> {
  const problems: string[] = [];
  const all = await installs(homes, problems);
  const listed = new Set<string>();
  const marketplaces = Object.entries(knownMarketplaces(homes.waveHome)).map(([name, known]) => {
    const read = readMarketplace(known.installLocation);
    if ('problem' in read) {
      problems.push(read.problem);
      return { name, plugins: [] };
    }
    problems.push(...read.problems);
    const plugins = read.plugins.map((entry) => {
      const id = `${entry.name}@${name}`;
      listed.add(id);
      return row(id, all, entry.description);
    });
    return { name, plugins };
  });
  const others = [...new Set([...Object.keys(all.wave), ...Object.keys(all.claude)])]
    .filter((id) => !listed.has(id))
    .map((id) => row(id, all));
  return { marketplaces, others, problems };
}

const NEXT_SESSION =
  'Its commands, agents, skills, hooks and MCP servers take effect in the next session: start Wave again.';

async function change(homes: PluginHomes, action: PluginAction, id: string): Promise<string> {
  splitPluginId(id);
  const { waveHome } = homes;
  switch (action) {
    case 'install': {
      const installed = await installPlugin(waveHome, id);
      const file = await setPluginEnabled(waveHome, id, true);
      const problems = installed.problems.length > 0 ? ` ${installed.problems.join(' ')}` : '';
      return `Installed ${id} ${installed.version} and turned it on in ${file}.${problems} ${NEXT_SESSION}`;
    }
    case 'uninstall':
      await uninstallPlugin(waveHome, id);
      await setPluginEnabled(waveHome, id, undefined);
      return `Uninstalled ${id}. It is gone from the next session: start Wave again.`;
    case 'enable':
    case 'disable': {
      const all = await installs(homes, []);
      if (action === 'enable' && all.wave[id] === undefined && all.claude[id] === undefined)
        throw new Error(`${id} is not installed; install it with /plugin install ${id}.`);
      const file = await setPluginEnabled(waveHome, id, action === 'enable');
      return action === 'enable'
        ? `Turned ${id} on in ${file}. ${NEXT_SESSION}`
        : `Turned ${id} off in ${file}. It stops in the next session: start Wave again.`;
    }
  }
}

/** One change; what went wrong is the sentence, and nothing changed but what the store did. */
export async function changePluginFrom(
  homes: PluginHomes,
  action: PluginAction,
  id: string,
): Promise<ChangePluginResult> {
  try {
    return { ok: true, text: await change(homes, action, id) };
  } catch (error) {
    return { ok: false, text: errorText(error) };
  }
}
