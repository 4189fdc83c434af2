// Claude Code's `sandbox` setting, read from its own files where Wave's twin has none: the
// folder's .claude/settings.local.json, then .claude/settings.json (the project's, so it waits
// for trust where it loosens anything, like .wave/settings.json's), and ~/.claude/settings.json
// (the user's). Wave's own file wins on a clash: its `sandbox` is used whole.
import { join } from 'node:path';
import { parseJsonc } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';
import { readSettingsText } from './read-settings-text.js';
import { SandboxSettingSchema } from './sandbox-setting.js';
import type { SandboxSetting } from './sandbox-setting.js';

export interface ClaudeSandbox {
  readonly sandbox?: SandboxSetting;
  /** A file whose `sandbox` could not be read, with what is wrong. */
  readonly warnings: readonly string[];
}

function sandboxIn(path: string): ClaudeSandbox | undefined {
  const read = readSettingsText(path);
  if (read.kind !== 'text') return undefined;
  const parsed = parseJsonc(read.text);
  if (parsed.error || !isRecord(parsed.value) || parsed.value['sandbox'] === undefined)
    return undefined;
  const sandbox = SandboxSettingSchema.safeParse(parsed.value['sandbox']);
  return sandbox.success
    ? { sandbox: sandbox.data, warnings: [] }
    : {
        warnings: [
          `ignoring "sandbox" in ${path}: ${sandbox.error.issues[0]?.message ?? 'it is not a sandbox setting'}. Fix it to have it read.`,
        ],
      };
}

/** The first of these files that has a `sandbox` key. */
function firstSandbox(paths: readonly string[]): ClaudeSandbox {
  for (const path of paths) {
    const found = sandboxIn(path);
    if (found) return found;
  }
  return { warnings: [] };
}

export function claudeProjectSandbox(workdir: string): ClaudeSandbox {
  return firstSandbox([
    join(workdir, '.claude', 'settings.local.json'),
    join(workdir, '.claude', 'settings.json'),
  ]);
}

export function claudeUserSandbox(claudeHome: string | undefined): ClaudeSandbox {
  return claudeHome === undefined
    ? { warnings: [] }
    : firstSandbox([join(claudeHome, 'settings.json')]);
}
