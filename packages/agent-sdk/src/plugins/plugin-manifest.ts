// A plugin's `.claude-plugin/plugin.json`, in Claude Code's format: `name` (required, kebab-case:
// it prefixes the plugin's commands and agents), `version`, `description`, and path overrides for
// `commands`, `agents`, `skills` (a path or a list of them, beside the default folders, as in
// Claude Code), `hooks` and `mcpServers` (a path to a JSON file, or the value itself). Paths are
// relative to the plugin's folder and stay inside it.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '@wave-agent/shared-protocol';
import { readPluginJson } from './plugin-json.js';

export const PLUGIN_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export interface PluginManifest {
  readonly name: string;
  readonly version?: string;
  readonly description?: string;
  /** Extra folders (absolute), beside `commands/`, `agents/` and `skills/`. */
  readonly commands: readonly string[];
  readonly agents: readonly string[];
  readonly skills: readonly string[];
  /** A path (absolute) of a hooks file, or the hooks value written in the manifest. */
  readonly hooks?: string | Readonly<Record<string, unknown>>;
  /** A path (absolute) of an MCP servers file, or the servers written in the manifest. */
  readonly mcpServers?: string | Readonly<Record<string, unknown>>;
}

export function manifestPath(root: string): string {
  return join(root, '.claude-plugin', 'plugin.json');
}

/** A path of the manifest inside the plugin's folder, or a sentence saying why not. */
function insidePath(root: string, written: string, field: string): string | { problem: string } {
  const full = resolve(root, written);
  const rel = relative(root, full);
  if (isAbsolute(written) || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    return {
      problem: `${manifestPath(root)}: "${field}" names ${written}, outside the plugin's folder; write a path relative to it ("./…").`,
    };
  return full;
}

function paths(root: string, value: unknown, field: string, problems: string[]): readonly string[] {
  if (value === undefined) return [];
  const list: unknown[] | undefined =
    typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  const items = list?.filter((item): item is string => typeof item === 'string');
  if (list === undefined || items === undefined || items.length !== list.length) {
    problems.push(
      `${manifestPath(root)}: "${field}" must be a path or a list of paths; it was ignored.`,
    );
    return [];
  }
  const found: string[] = [];
  for (const item of items) {
    const path = insidePath(root, item, field);
    if (typeof path === 'string') found.push(path);
    else problems.push(path.problem);
  }
  return found;
}

function fileOrValue(
  root: string,
  value: unknown,
  field: string,
  problems: string[],
): string | Readonly<Record<string, unknown>> | undefined {
  if (value === undefined) return undefined;
  if (isRecord(value)) return value;
  if (typeof value === 'string') {
    const path = insidePath(root, value, field);
    if (typeof path === 'string') return path;
    problems.push(path.problem);
    return undefined;
  }
  problems.push(`${manifestPath(root)}: "${field}" must be a path or an object; it was ignored.`);
  return undefined;
}

export type ManifestRead =
  | { readonly manifest: PluginManifest; readonly problems: readonly string[] }
  | { readonly problem: string };

/** The plugin's manifest; a plugin without one is named after its folder, as Claude Code does. */
export function readPluginManifest(root: string, fallbackName: string): ManifestRead {
  const path = manifestPath(root);
  const read = readPluginJson(path);
  if (read.kind === 'problem') return { problem: read.problem };
  const json = read.kind === 'value' ? read.value : { name: fallbackName };
  if (!isRecord(json)) return { problem: `${path} must hold one JSON object.` };
  const name = json['name'];
  if (typeof name !== 'string' || !PLUGIN_NAME.test(name))
    return {
      problem: `${path}: "name" must be lower-case letters, digits, '.', '-' or '_' (at most 64): it prefixes the plugin's commands and agents.`,
    };
  const problems: string[] = [];
  const text = (key: string) => (typeof json[key] === 'string' ? json[key] : undefined);
  const version = text('version');
  const description = text('description');
  const hooks = fileOrValue(root, json['hooks'], 'hooks', problems);
  const mcpServers = fileOrValue(root, json['mcpServers'], 'mcpServers', problems);
  return {
    manifest: {
      name,
      ...(version !== undefined ? { version } : {}),
      ...(description !== undefined ? { description } : {}),
      commands: paths(root, json['commands'], 'commands', problems),
      agents: paths(root, json['agents'], 'agents', problems),
      skills: paths(root, json['skills'], 'skills', problems),
      ...(hooks !== undefined ? { hooks } : {}),
      ...(mcpServers !== undefined ? { mcpServers } : {}),
    },
    problems,
  };
}
