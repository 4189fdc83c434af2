// Installed plugins under `$WAVE_HOME/plugins/`, laid out as Claude Code lays out ~/.claude/plugins:
// `known_marketplaces.json` (the marketplaces the user added: a folder, or a repository cloned
// into `marketplaces/<name>/`), `installed_plugins.json` (each `name@marketplace`: where its copy
// is), `cache/<marketplace>/<plugin>/<version>/` (the copy, so a marketplace that changes does not
// change an installed plugin) and `data/<name>-<marketplace>/` (the plugin's own data folder,
// CLAUDE_PLUGIN_DATA, kept across updates). Whether a plugin is on is the user's settings'
// `enabledPlugins`, not this store.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isRecord } from '@wave-agent/shared-protocol';
import { writeJsonAtomically } from '../storage/write-json-atomically.js';
import { readMarketplace } from './marketplace-file.js';
import type { Marketplace, MarketplaceEntry, PluginSource } from './marketplace-file.js';
import { readPluginBundle } from './plugin-bundle.js';
import type { BundleRead } from './plugin-bundle.js';
import { readPluginJson } from './plugin-json.js';
import { readPluginManifest } from './plugin-manifest.js';

export type MarketplaceSource =
  | { readonly source: 'directory'; readonly path: string }
  | { readonly source: 'git'; readonly url: string };

export interface KnownMarketplace {
  readonly source: MarketplaceSource;
  /** The folder holding `.claude-plugin/marketplace.json`. */
  readonly installLocation: string;
}

export interface InstalledPlugin {
  readonly installPath: string;
  readonly version: string;
  readonly installedAt: string;
}

export function pluginsHome(waveHome: string): string {
  return join(waveHome, 'plugins');
}

const marketplacesFile = (waveHome: string) =>
  join(pluginsHome(waveHome), 'known_marketplaces.json');
const installedFile = (waveHome: string) => join(pluginsHome(waveHome), 'installed_plugins.json');

/** The plugin's own data folder (CLAUDE_PLUGIN_DATA), named as Claude Code names it. */
export function pluginDataDir(waveHome: string, id: string): string {
  return join(pluginsHome(waveHome), 'data', id.replace(/[^A-Za-z0-9_-]/g, '-'));
}

/** A plugin id `name@marketplace`, split; a sentence when it is not one. */
export function splitPluginId(id: string): { name: string; marketplace: string } {
  const at = id.lastIndexOf('@');
  if (at <= 0 || at === id.length - 1)
    throw new Error(`"${id}" is not a plugin id; write NAME@MARKETPLACE (see wave plugin list).`);
  return { name: id.slice(0, at), marketplace: id.slice(at + 1) };
}

function readRecord(path: string): Record<string, unknown> {
  const read = readPluginJson(path);
  if (read.kind === 'problem') throw new Error(`${read.problem} Fix or delete it, then try again.`);
  return read.kind === 'value' && isRecord(read.value) ? { ...read.value } : {};
}

export function knownMarketplaces(waveHome: string): Record<string, KnownMarketplace> {
  const known: Record<string, KnownMarketplace> = {};
  for (const [name, entry] of Object.entries(readRecord(marketplacesFile(waveHome)))) {
    if (!isRecord(entry) || typeof entry['installLocation'] !== 'string') continue;
    const source = isRecord(entry['source']) ? entry['source'] : {};
    if (source['source'] === 'directory' && typeof source['path'] === 'string')
      known[name] = {
        source: { source: 'directory', path: source['path'] },
        installLocation: entry['installLocation'],
      };
    else if (source['source'] === 'git' && typeof source['url'] === 'string')
      known[name] = {
        source: { source: 'git', url: source['url'] },
        installLocation: entry['installLocation'],
      };
  }
  return known;
}

export function installedPlugins(waveHome: string): Record<string, InstalledPlugin> {
  const json = readRecord(installedFile(waveHome));
  const plugins = isRecord(json['plugins']) ? json['plugins'] : {};
  const installed: Record<string, InstalledPlugin> = {};
  for (const [id, entry] of Object.entries(plugins))
    if (isRecord(entry) && typeof entry['installPath'] === 'string')
      installed[id] = {
        installPath: entry['installPath'],
        version: typeof entry['version'] === 'string' ? entry['version'] : 'unversioned',
        installedAt: typeof entry['installedAt'] === 'string' ? entry['installedAt'] : '',
      };
  return installed;
}

async function saveInstalled(waveHome: string, plugins: Record<string, InstalledPlugin>) {
  await writeJsonAtomically(installedFile(waveHome), { version: 1, plugins });
}

function isGitAddress(given: string): boolean {
  return /^(https?:\/\/|ssh:\/\/|git@|file:\/\/)/.test(given) || given.endsWith('.git');
}

/**
 * Adds a marketplace: a folder (kept where it is), a git URL, or `owner/repo` on GitHub (cloned
 * into `marketplaces/<name>/`). Its name is the one its marketplace.json gives.
 */
export async function addMarketplace(
  waveHome: string,
  given: string,
  cwd: string,
): Promise<Marketplace> {
  const folder = resolve(cwd, given);
  const known = knownMarketplaces(waveHome);
  let marketplace: Marketplace;
  let source: MarketplaceSource;
  if (!isGitAddress(given) && existsSync(folder)) {
    const read = readMarketplace(folder);
    if ('problem' in read) throw new Error(read.problem);
    marketplace = read;
    source = { source: 'directory', path: folder };
  } else {
    const url =
      isGitAddress(given) || isAbsolute(given)
        ? given
        : /^[\w.-]+\/[\w.-]+$/.test(given)
          ? `https://github.com/${given}.git`
          : undefined;
    if (url === undefined)
      throw new Error(
        `${given} is neither a folder, a git URL nor owner/repo; give the marketplace's folder or its repository.`,
      );
    const clones = join(pluginsHome(waveHome), 'marketplaces');
    mkdirSync(clones, { recursive: true });
    const temporary = join(clones, `.clone-${process.pid}-${Date.now()}`);
    const { gitClone } = await import('./git-clone.js');
    try {
      gitClone({ url, into: temporary });
      const read = readMarketplace(temporary);
      if ('problem' in read) throw new Error(read.problem);
      const final = join(clones, read.name);
      rmSync(final, { recursive: true, force: true });
      renameSync(temporary, final);
      const reread = readMarketplace(final);
      if ('problem' in reread) throw new Error(reread.problem);
      marketplace = reread;
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
    source = { source: 'git', url };
  }
  known[marketplace.name] = { source, installLocation: marketplace.root };
  await writeJsonAtomically(marketplacesFile(waveHome), known);
  return marketplace;
}

/** Removes a marketplace and the plugins installed from it; returns their ids. */
export async function removeMarketplace(waveHome: string, name: string): Promise<string[]> {
  const known = knownMarketplaces(waveHome);
  const entry = known[name];
  if (entry === undefined)
    throw new Error(`No marketplace is named ${name}; wave plugin marketplace list shows them.`);
  const installed = installedPlugins(waveHome);
  const removed = Object.keys(installed).filter((id) => id.endsWith(`@${name}`));
  for (const id of removed) delete installed[id];
  await saveInstalled(waveHome, installed);
  rmSync(join(pluginsHome(waveHome), 'cache', name), { recursive: true, force: true });
  if (entry.source.source === 'git')
    rmSync(entry.installLocation, { recursive: true, force: true });
  delete known[name];
  await writeJsonAtomically(marketplacesFile(waveHome), known);
  return removed;
}

/** The marketplace the user added by that name, read. */
export function marketplaceNamed(waveHome: string, name: string): Marketplace {
  const entry = knownMarketplaces(waveHome)[name];
  if (entry === undefined)
    throw new Error(
      `No marketplace is named ${name}; add it first with wave plugin marketplace add <folder | git URL | owner/repo>.`,
    );
  const read = readMarketplace(entry.installLocation);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}

/** The plugin's folder for a path source; a git source is cloned into `into` first. */
async function fetchSource(source: PluginSource, into: string): Promise<string> {
  if (source.kind === 'path') {
    if (!statSync(source.path, { throwIfNoEntry: false })?.isDirectory())
      throw new Error(`The plugin's folder ${source.path} does not exist.`);
    cpSync(source.path, into, { recursive: true, dereference: false });
    return into;
  }
  const { gitClone } = await import('./git-clone.js');
  const clone = `${into}.clone`;
  rmSync(clone, { recursive: true, force: true });
  try {
    gitClone({
      url: source.url,
      into: clone,
      ...(source.ref !== undefined ? { ref: source.ref } : {}),
      ...(source.sha !== undefined ? { sha: source.sha } : {}),
    });
    const folder = source.subdir !== undefined ? join(clone, source.subdir) : clone;
    cpSync(folder, into, { recursive: true, filter: (path) => !path.endsWith(`${'/'}.git`) });
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
  return into;
}

export interface Installed {
  readonly id: string;
  readonly entry: MarketplaceEntry;
  readonly installPath: string;
  readonly version: string;
  readonly problems: readonly string[];
}

/** Copies the plugin into the cache and records it; the caller turns it on in the settings. */
export async function installPlugin(waveHome: string, id: string): Promise<Installed> {
  const { name, marketplace: marketplaceName } = splitPluginId(id);
  const marketplace = marketplaceNamed(waveHome, marketplaceName);
  const entry = marketplace.plugins.find((plugin) => plugin.name === name);
  if (entry === undefined)
    throw new Error(
      `The marketplace ${marketplaceName} has no plugin named ${name}${marketplace.plugins.length > 0 ? `; it has ${marketplace.plugins.map((plugin) => plugin.name).join(', ')}` : ''}.`,
    );
  const staging = join(
    pluginsHome(waveHome),
    'cache',
    marketplaceName,
    name,
    `.staging-${process.pid}`,
  );
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, '..'), { recursive: true });
  try {
    await fetchSource(entry.source, staging);
    const manifest = readPluginManifest(staging, name);
    if ('problem' in manifest) throw new Error(manifest.problem);
    const version = manifest.manifest.version ?? entry.version ?? 'unversioned';
    const installPath = join(
      pluginsHome(waveHome),
      'cache',
      marketplaceName,
      name,
      version.replace(/[^A-Za-z0-9._-]/g, '_'),
    );
    rmSync(installPath, { recursive: true, force: true });
    renameSync(staging, installPath);
    const check = readPluginBundle({
      root: installPath,
      marketplace: marketplaceName,
      dataDir: pluginDataDir(waveHome, id),
      scope: 'user',
    });
    const installed = installedPlugins(waveHome);
    installed[id] = { installPath, version, installedAt: new Date().toISOString() };
    await saveInstalled(waveHome, installed);
    return { id, entry, installPath, version, problems: check.problems };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Forgets the plugin and removes its copy (its data folder stays, as Claude Code keeps it). */
export async function uninstallPlugin(waveHome: string, id: string): Promise<void> {
  const installed = installedPlugins(waveHome);
  const entry = installed[id];
  if (entry === undefined)
    throw new Error(`${id} is not installed; wave plugin list shows what is.`);
  delete installed[id];
  await saveInstalled(waveHome, installed);
  rmSync(entry.installPath, { recursive: true, force: true });
}

/** An installed plugin, read from its copy. */
export function installedBundle(waveHome: string, id: string): BundleRead {
  const entry = installedPlugins(waveHome)[id];
  if (entry === undefined)
    return {
      problems: [
        `The plugin ${id} is enabled but not installed; install it with wave plugin install ${id}.`,
      ],
    };
  const { marketplace } = splitPluginId(id);
  return readPluginBundle({
    root: entry.installPath,
    marketplace,
    dataDir: pluginDataDir(waveHome, id),
    scope: 'user',
  });
}
