// /doctor's part only the host can tell: which settings files there are for this folder and what
// is wrong in them, read again now (so a file fixed since the start reads as fixed), the plugins
// on, and whether the folder is trusted. The warnings are the loader's own sentences, each
// saying what to do.
import { existsSync } from 'node:fs';
import {
  isFolderTrusted,
  projectMcpConfigPath,
  resolveClaudeHome,
  settingsFiles,
} from '@wave-agent/agent-sdk';
import type { DoctorCheck } from '../commands/doctor-checks.js';
import { doctorLines, hasProblem } from '../commands/doctor-checks.js';
import type { HostCommandReply } from '../commands/command-context.js';
import { loadSettings } from '../settings/load-settings.js';
import type { SettingsLocation } from '../settings/settings-paths.js';
import type { LoadedPlugins } from '../settings/plugin-settings.js';

function pluginsCheck(plugins: LoadedPlugins | undefined): DoctorCheck {
  const ids = [...(plugins?.user ?? []), ...(plugins?.project ?? [])].map((plugin) => plugin.id);
  return { name: 'Plugins', found: ids.length > 0 ? ids.join(', ') : 'none on' };
}

function trustCheck(location: SettingsLocation): DoctorCheck {
  if (isFolderTrusted(location.waveHome, location.workdir))
    return { name: 'Trust', found: `${location.workdir} is trusted` };
  return {
    name: 'Trust',
    found: `${location.workdir} is not trusted: what its files turn on (rules that allow, hooks, MCP servers, a status line) waits for your yes; \`wave trust\` in it trusts it`,
    note: true,
  };
}

export function settingsChecks(
  location: SettingsLocation,
  env: Readonly<Record<string, string | undefined>>,
): DoctorCheck[] {
  const claudeHome = location.claudeHome ?? resolveClaudeHome(env);
  const loaded = loadSettings({ ...location, claudeHome });
  const files = [
    ...settingsFiles(location.waveHome, location.workdir, loaded.claudeHome).map(
      (file) => file.path,
    ),
    projectMcpConfigPath(location.workdir),
  ].filter((path) => existsSync(path));
  return [
    {
      name: 'Settings',
      found: files.length > 0 ? `read ${files.join(', ')}` : 'no settings files (the defaults)',
    },
    ...loaded.warnings.map((warning) => ({
      name: 'Settings',
      found: 'a problem in a file',
      problem: warning,
    })),
    pluginsCheck(loaded.plugins),
    trustCheck(location),
  ];
}

export function settingsReport(
  location: SettingsLocation,
  env: Readonly<Record<string, string | undefined>>,
): HostCommandReply {
  const checks = settingsChecks(location, env);
  return {
    message: doctorLines(checks).join('\n'),
    level: hasProblem(checks) ? 'warning' : 'info',
  };
}
