// `wave plugin …`: Claude Code's plugin commands (marketplace add|list|remove|update, install (i),
// uninstall, enable, disable, list, validate) over the store in `$WAVE_HOME/plugins/` (agent-sdk's
// plugins/plugin-store.ts) and `enabledPlugins` in the user's settings file. Each says what it
// did in a sentence; a failure is a sentence on stderr and exit code 1 (2 for a usage error).
import { resolve } from 'node:path';
import {
  addMarketplace,
  installedPlugins,
  readEnabledPlugins,
  setPluginEnabled,
  installPlugin,
  knownMarketplaces,
  removeMarketplace,
  splitPluginId,
  uninstallPlugin,
} from '@wave-agent/agent-sdk';
import { errorText } from '@wave-agent/shared-protocol';
import type { CliIo } from '../cli/cli-io.js';
import { UsageError } from '../cli/usage-error.js';
import { PLUGIN_HELP_TEXT } from './plugin-help.js';
import { claudeCodePlugins } from './claude-code-plugins.js';
import { validatePluginFolder } from './validate-plugin.js';

export interface PluginCommandInput {
  readonly args: readonly string[];
  readonly io: CliIo;
  readonly cwd: string;
  readonly waveHome: string;
  /** Claude Code's folder, whose installed plugins are listed too. */
  readonly claudeHome?: string;
}

/** The one operand a subcommand takes, or a usage error naming it. */
function operand(args: readonly string[], what: string, usage: string): string {
  const given = args.filter((arg) => !arg.startsWith('-'));
  if (given.length !== 1) throw new UsageError(`wave plugin ${usage}: give one ${what}.`);
  return given[0]!;
}

function pluginId(args: readonly string[], usage: string): string {
  const id = operand(args, 'plugin as name@marketplace', usage);
  splitPluginId(id);
  return id;
}

async function marketplace(args: readonly string[], input: PluginCommandInput): Promise<number> {
  const { io, waveHome } = input;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'add': {
      const given = operand(rest, 'folder, git URL or owner/repo', 'marketplace add');
      const added = await addMarketplace(waveHome, given, input.cwd);
      for (const problem of added.problems) io.stderr.write(`wave: ${problem}\n`);
      io.stdout.write(
        `Added the marketplace ${added.name} (${added.plugins.length} plugin(s): ${added.plugins.map((p) => p.name).join(', ') || 'none'}). Install one with wave plugin install NAME@${added.name}.\n`,
      );
      return 0;
    }
    case 'list': {
      const known = knownMarketplaces(waveHome);
      if (rest.includes('--json')) {
        io.stdout.write(`${JSON.stringify(known, null, 2)}\n`);
        return 0;
      }
      const names = Object.keys(known);
      if (names.length === 0)
        io.stdout.write('No marketplaces; add one with wave plugin marketplace add.\n');
      for (const name of names) {
        const { source } = known[name]!;
        io.stdout.write(`${name}\t${source.source === 'git' ? source.url : source.path}\n`);
      }
      return 0;
    }
    case 'remove':
    case 'rm': {
      const name = operand(rest, 'marketplace name', 'marketplace remove');
      const removed = await removeMarketplace(waveHome, name);
      for (const id of removed) await setPluginEnabled(waveHome, id, undefined);
      io.stdout.write(
        `Removed the marketplace ${name}${removed.length > 0 ? ` and its plugins ${removed.join(', ')}` : ''}.\n`,
      );
      return 0;
    }
    case 'update': {
      const known = knownMarketplaces(waveHome);
      const names =
        rest.length > 0
          ? [operand(rest, 'marketplace name', 'marketplace update')]
          : Object.keys(known);
      for (const name of names) {
        const entry = known[name];
        if (entry === undefined)
          throw new Error(
            `No marketplace is named ${name}; wave plugin marketplace list shows them.`,
          );
        if (entry.source.source === 'git')
          await addMarketplace(waveHome, entry.source.url, input.cwd);
        io.stdout.write(
          `${name}: ${entry.source.source === 'git' ? 'cloned again' : 'a folder, read where it is (nothing to update)'}.\n`,
        );
      }
      return 0;
    }
    default:
      throw new UsageError(
        `wave plugin marketplace ${sub ?? ''}: the subcommands are add, list, remove and update (wave plugin --help).`,
      );
  }
}

async function list(args: readonly string[], input: PluginCommandInput): Promise<number> {
  const installed = installedPlugins(input.waveHome);
  const enabled = await readEnabledPlugins(input.waveHome);
  const claude = await claudeCodePlugins(input.waveHome, input.claudeHome);
  // Wave's own file wins over Claude Code's; Wave's install over Claude Code's of the same id.
  const isOn = (id: string) => (enabled[id] ?? claude.enabled[id]) === true;
  const rows = [
    ...Object.entries(installed).map(([id, entry]) => ({ id, entry, source: 'wave' as const })),
    ...Object.entries(claude.installed)
      .filter(([id]) => installed[id] === undefined)
      .map(([id, entry]) => ({ id, entry, source: 'claude-code' as const })),
  ].map(({ id, entry, source }) => ({
    id,
    version: entry.version,
    enabled: isOn(id),
    installPath: entry.installPath,
    source,
  }));
  if (args.includes('--json')) {
    input.io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0)
    input.io.stdout.write(
      'No plugins installed; install one with wave plugin install NAME@MARKETPLACE.\n',
    );
  for (const row of rows)
    input.io.stdout.write(
      `${row.id}\t${row.version}\t${row.enabled ? 'enabled' : 'disabled'}${row.source === 'claude-code' ? '\tinstalled by Claude Code' : ''}\n`,
    );
  return 0;
}

export async function runPluginCommand(input: PluginCommandInput): Promise<number> {
  const { args, io, waveHome } = input;
  const [sub, ...rest] = args;
  if (
    sub === undefined ||
    sub === '--help' ||
    sub === '-h' ||
    sub === 'help' ||
    rest.includes('--help')
  ) {
    io.stdout.write(PLUGIN_HELP_TEXT);
    return 0;
  }
  try {
    switch (sub) {
      case 'marketplace':
        return await marketplace(rest, input);
      case 'install':
      case 'i': {
        const id = pluginId(rest, 'install');
        const installed = await installPlugin(waveHome, id);
        for (const problem of installed.problems) io.stderr.write(`wave: ${problem}\n`);
        const file = await setPluginEnabled(waveHome, id, true);
        io.stdout.write(
          `Installed ${id} ${installed.version} into ${installed.installPath} and turned it on (${file}).\n`,
        );
        return 0;
      }
      case 'uninstall':
      case 'remove': {
        const id = pluginId(rest, 'uninstall');
        await uninstallPlugin(waveHome, id);
        await setPluginEnabled(waveHome, id, undefined);
        io.stdout.write(`Uninstalled ${id}.\n`);
        return 0;
      }
      case 'enable':
      case 'disable': {
        const id = pluginId(rest, sub);
        if (sub === 'enable' && installedPlugins(waveHome)[id] === undefined)
          throw new Error(`${id} is not installed; install it with wave plugin install ${id}.`);
        const file = await setPluginEnabled(waveHome, id, sub === 'enable');
        io.stdout.write(`${sub === 'enable' ? 'Enabled' : 'Disabled'} ${id} (${file}).\n`);
        return 0;
      }
      case 'list':
        return await list(rest, input);
      case 'validate': {
        const folder = resolve(input.cwd, operand(rest, 'folder', 'validate'));
        const result = validatePluginFolder(folder);
        for (const line of result.lines) io.stdout.write(`${line}\n`);
        for (const problem of result.problems) io.stderr.write(`wave: ${problem}\n`);
        io.stdout.write(
          result.problems.length === 0
            ? `${folder} is valid.\n`
            : `${folder} has ${result.problems.length} problem(s), listed above.\n`,
        );
        return result.problems.length === 0 ? 0 : 1;
      }
      default:
        throw new UsageError(
          `wave plugin ${sub}: not a plugin command; they are marketplace, install (i), uninstall, enable, disable, list and validate (wave plugin --help).`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    io.stderr.write(`wave: ${errorText(error)}\n`);
    return 1;
  }
}
