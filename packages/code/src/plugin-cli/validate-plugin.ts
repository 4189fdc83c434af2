// `wave plugin validate DIR`: a plugin's folder (with `.claude-plugin/plugin.json`) or a
// marketplace's (with `.claude-plugin/marketplace.json`, each of its plugins in a folder checked
// too), read as Wave would load it, every problem said.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHookConfig, readMarketplace, readPluginBundle } from '@wave-agent/agent-sdk';
import type { PluginBundle } from '@wave-agent/agent-sdk';
import { pluginTurnsOn } from '../settings/plugin-requests.js';

export interface Validation {
  readonly lines: readonly string[];
  readonly problems: readonly string[];
}

/** The plugin read as Wave loads it, with its hooks checked as the agent checks them. */
function checkPlugin(
  root: string,
  marketplace: string,
  dataDir: string,
): { bundle?: PluginBundle; problems: readonly string[] } {
  const read = readPluginBundle({ root, marketplace, dataDir, scope: 'user' });
  if (!read.bundle) return read;
  const hooks = readHookConfig([{ file: read.bundle.hooksSource, value: read.bundle.hooks }]);
  return { bundle: read.bundle, problems: [...read.problems, ...hooks.problems] };
}

export function validatePluginFolder(folder: string): Validation {
  const scratch = mkdtempSync(join(tmpdir(), 'wave-validate-'));
  try {
    const lines: string[] = [];
    const problems: string[] = [];
    if (existsSync(join(folder, '.claude-plugin', 'marketplace.json'))) {
      const read = readMarketplace(folder);
      if ('problem' in read) return { lines, problems: [read.problem] };
      lines.push(`marketplace ${read.name}: ${read.plugins.length} plugin(s)`);
      problems.push(...read.problems);
      for (const entry of read.plugins) {
        if (entry.source.kind !== 'path') {
          lines.push(
            `  ${entry.name}: from ${entry.source.url} (not checked: it is cloned at install)`,
          );
          continue;
        }
        const checked = checkPlugin(entry.source.path, read.name, join(scratch, entry.name));
        problems.push(...checked.problems);
        if (checked.bundle)
          lines.push(
            `  ${checked.bundle.id}: ${pluginTurnsOn(checked.bundle).join('; ') || 'nothing to turn on'}`,
          );
      }
      return { lines, problems };
    }
    if (!existsSync(join(folder, '.claude-plugin', 'plugin.json')))
      return {
        lines,
        problems: [
          `${folder} has neither .claude-plugin/plugin.json (a plugin) nor .claude-plugin/marketplace.json (a marketplace).`,
        ],
      };
    const checked = checkPlugin(folder, 'local', join(scratch, 'data'));
    problems.push(...checked.problems);
    if (checked.bundle)
      lines.push(
        `plugin ${checked.bundle.name}: ${pluginTurnsOn(checked.bundle).join('; ') || 'nothing to turn on'}`,
      );
    return { lines, problems };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
