// A marketplace's `.claude-plugin/marketplace.json`, in Claude Code's format: its `name`, and its
// `plugins`, each with a `source` read as Claude Code reads it — a relative path ("./plugins/x",
// or a bare name under `metadata.pluginRoot`), `{"source": "github", "repo"}`, `{"source": "url"
// | "git", "url"}`, `{"source": "git-subdir", "url", "path"}` (each with an optional `ref`/`sha`)
// or `{"source": "directory", "path"}`. A path stays inside the marketplace's folder.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '@wave-agent/shared-protocol';
import { readPluginJson } from './plugin-json.js';
import { PLUGIN_NAME } from './plugin-manifest.js';

export type PluginSource =
  | { readonly kind: 'path'; readonly path: string }
  | {
      readonly kind: 'git';
      readonly url: string;
      readonly ref?: string;
      readonly sha?: string;
      /** A folder inside the repository (git-subdir). */
      readonly subdir?: string;
    };

export interface MarketplaceEntry {
  readonly name: string;
  readonly description?: string;
  readonly version?: string;
  readonly source: PluginSource;
}

export interface Marketplace {
  readonly name: string;
  readonly root: string;
  readonly plugins: readonly MarketplaceEntry[];
  /** Entries that were skipped, and why. */
  readonly problems: readonly string[];
}

export function marketplacePath(root: string): string {
  return join(root, '.claude-plugin', 'marketplace.json');
}

function inside(root: string, written: string): string | undefined {
  const full = resolve(root, written);
  const rel = relative(root, full);
  if (isAbsolute(written) || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    return undefined;
  return full;
}

function text(record: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function gitSource(record: Readonly<Record<string, unknown>>): PluginSource | string {
  const kind = text(record, 'source');
  const url =
    kind === 'github'
      ? text(record, 'repo') !== undefined
        ? `https://github.com/${text(record, 'repo')}.git`
        : undefined
      : text(record, 'url');
  if (url === undefined)
    return kind === 'github'
      ? 'a "github" source needs "repo" (owner/name)'
      : `a "${kind}" source needs "url"`;
  const ref = text(record, 'ref');
  const sha = text(record, 'sha');
  const subdir = text(record, 'path');
  if (kind === 'git-subdir' && subdir === undefined) return 'a "git-subdir" source needs "path"';
  return {
    kind: 'git',
    url,
    ...(ref !== undefined ? { ref } : {}),
    ...(sha !== undefined ? { sha } : {}),
    ...(kind === 'git-subdir' && subdir !== undefined ? { subdir } : {}),
  };
}

/** Where one entry's plugin is, or a sentence saying why it cannot be found. */
function entrySource(
  root: string,
  pluginRoot: string | undefined,
  source: unknown,
): PluginSource | string {
  if (typeof source === 'string') {
    const written =
      source.startsWith('./') || source.startsWith('../') || pluginRoot === undefined
        ? source
        : join(pluginRoot, source);
    const path = inside(root, written);
    return path !== undefined
      ? { kind: 'path', path }
      : `its source ${source} is outside the marketplace's folder`;
  }
  if (!isRecord(source)) return 'its "source" must be a path or an object';
  switch (text(source, 'source')) {
    case 'github':
    case 'url':
    case 'git':
    case 'git-subdir':
      return gitSource(source);
    case 'directory': {
      const path = text(source, 'path');
      const full = path !== undefined ? inside(root, path) : undefined;
      return full !== undefined
        ? { kind: 'path', path: full }
        : 'a "directory" source needs a "path" inside the marketplace\'s folder';
    }
    default:
      return `its source kind "${String(source['source'])}" is not one Wave reads (relative path, github, url, git, git-subdir, directory)`;
  }
}

export type MarketplaceRead = Marketplace | { readonly problem: string };

export function readMarketplace(root: string): MarketplaceRead {
  const path = marketplacePath(root);
  const read = readPluginJson(path);
  if (read.kind === 'missing')
    return { problem: `${root} is not a marketplace: it has no .claude-plugin/marketplace.json.` };
  if (read.kind === 'problem') return { problem: read.problem };
  const json = read.value;
  if (!isRecord(json)) return { problem: `${path} must hold one JSON object.` };
  const name = text(json, 'name');
  if (name === undefined || !PLUGIN_NAME.test(name))
    return {
      problem: `${path}: "name" must be lower-case letters, digits, '.', '-' or '_' (at most 64): plugins are installed as NAME@${name ?? 'marketplace'}.`,
    };
  const metadata = isRecord(json['metadata']) ? json['metadata'] : {};
  const pluginRoot = text(metadata, 'pluginRoot');
  const problems: string[] = [];
  const plugins: MarketplaceEntry[] = [];
  const entries = Array.isArray(json['plugins']) ? json['plugins'] : [];
  if (!Array.isArray(json['plugins'])) problems.push(`${path}: "plugins" must be a list.`);
  entries.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) {
      problems.push(`${path}: plugins[${index}] is not an object; it was skipped.`);
      return;
    }
    const pluginName = text(entry, 'name');
    if (pluginName === undefined || !PLUGIN_NAME.test(pluginName)) {
      problems.push(`${path}: plugins[${index}] has no usable "name"; it was skipped.`);
      return;
    }
    const source = entrySource(root, pluginRoot, entry['source']);
    if (typeof source === 'string') {
      problems.push(`${path}: the plugin ${pluginName} was skipped: ${source}.`);
      return;
    }
    const description = text(entry, 'description');
    const version = text(entry, 'version');
    plugins.push({
      name: pluginName,
      source,
      ...(description !== undefined ? { description } : {}),
      ...(version !== undefined ? { version } : {}),
    });
  });
  return { name, root, plugins, problems };
}
