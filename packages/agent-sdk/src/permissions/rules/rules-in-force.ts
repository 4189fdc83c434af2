// The rules an Agent enforces, from the `permissions` of the settings files it was given.
// Problems in them are reported where the files are loaded, and kept for /permissions.
import type { SettingsSection } from '../../settings/settings-section.js';
import { homedir } from 'node:os';
import { BUILTIN_TOOL_NAMES } from '../../tools/registry.js';
import { readPermissionSettings } from './permission-settings.js';
import { PermissionRules } from './permission-rules.js';

export interface RulesInForce {
  readonly rules: PermissionRules;
  /** Folders beyond the work folder that tools may reach without the boundary question. */
  readonly additionalDirectories: readonly string[];
  /** Where `disableBypassPermissionsMode: "disable"` is written, when a file forbids bypass. */
  readonly bypassDisabledAt?: string;
}

export function rulesInForce(sections: readonly SettingsSection[], workdir: string): RulesInForce {
  const read = readPermissionSettings(sections, BUILTIN_TOOL_NAMES);
  return {
    rules: new PermissionRules(read.rules, workdir, homedir(), read.problems),
    additionalDirectories: read.additionalDirectories.map((directory) => directory.value),
    ...(read.bypassDisabled ? { bypassDisabledAt: read.bypassDisabled.where } : {}),
  };
}
