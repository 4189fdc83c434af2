// The settings files Wave starts with, as two layers: the user's ($WAVE_HOME/settings.json) and
// the project's (.wave/settings.json in the work folder). They are kept apart because they are
// different people's words: the project's may be a stranger's (a cloned repository), so what it
// asks for beyond the defaults waits for trust (project-trust.ts). Environment and flags override
// both; that happens where the Agent's options are built (cli/agent-options.ts). A project's MCP
// servers come from its `.mcp.json` (Claude Code's file), the user's from settings.json.
import {
  BUILTIN_TOOL_NAMES,
  projectMcpConfigPath,
  readMcpConfigFile,
  readPermissionSettings,
} from '@wave-agent/agent-sdk';
import type { SettingsSection } from '@wave-agent/agent-sdk';
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import { envProblems } from './env-settings.js';
import { readMcpApproval } from './mcp-approval.js';
import { readLocalMcpServers } from './local-mcp-servers.js';
import { readSettingsSections } from './settings-sections.js';
import { statusLineProblem } from './status-line-setting.js';
import { apiKeyHelperProblem } from './api-key-helper.js';
import { loadPlugins } from './plugin-settings.js';
import type { LoadedPlugins } from './plugin-settings.js';
import { projectSettingsPath, userSettingsPath } from './settings-paths.js';
import { claudeProjectSandbox, claudeUserSandbox } from './claude-sandbox.js';
import type { ClaudeSandbox } from './claude-sandbox.js';
import type { SettingsLocation } from './settings-paths.js';
import { readSettingsFile, settingsFromText } from './read-settings-file.js';
import type { SettingsFileRead } from './read-settings-file.js';
import type { SettingsChoice } from './settings-sections.js';
import type { SettingsFileKind } from '@wave-agent/agent-sdk';
import type { WaveSettings } from './settings-schema.js';

export interface LoadedSettings {
  /** The user's own settings. */
  readonly user: WaveSettings;
  /** The project file's settings, without apiKey (never read from a project). */
  readonly project: WaveSettings;
  readonly projectPath: string;
  /** The project's `.mcp.json`: servers that start only once the folder is trusted with them. */
  readonly projectMcp: {
    readonly path: string;
    readonly servers: Readonly<Record<string, McpServerConfig>>;
  };
  /** The user's servers for this folder only (`wave mcp add -s local`): no trust needed. */
  readonly localMcp?: Readonly<Record<string, McpServerConfig>>;
  /**
   * Every file's `permissions` and `hooks` (the user's, Claude Code's and Wave's project and
   * local files), weakest first, each with its file. A project file's take effect only as trust
   * allows.
   */
  readonly permissions: readonly SettingsSection[];
  readonly hooks: readonly SettingsSection[];
  /** Every file's `env`, weakest first (settings/env-settings.ts); a project's needs trust. */
  readonly env: readonly SettingsSection[];
  /** Every file's `.mcp.json` approval keys (mcp-approval.ts), weakest first. */
  readonly mcpApproval: readonly SettingsSection[];
  /** Every file's `statusLine` (status-line-setting.ts), weakest first; a project's needs trust. */
  readonly statusLine?: readonly SettingsSection[];
  /** Every file's `apiKeyHelper` (api-key-helper.ts), weakest first; a project's needs trust. */
  readonly apiKeyHelper?: readonly SettingsSection[];
  /** The plugins on (plugin-settings.ts): the user's, and those a project file asks for. */
  readonly plugins?: LoadedPlugins;
  /** The user's Claude Code folder, when it is read (the location gave one and the user's
   * settings did not turn it off). */
  readonly claudeHome?: string;
  /** --settings: the user's own layer over every file (flag-layer.ts puts it on top). */
  readonly flagLayer?: WaveSettings;
  /** Problems found, one line each, saying what to do. */
  readonly warnings: readonly string[];
}

const NO_FILE: SettingsFileRead = { settings: {}, warnings: [], keyLocation: () => '' };

export function loadSettings(
  location: SettingsLocation,
  choice: SettingsChoice = {},
): LoadedSettings {
  const reads = (kind: SettingsFileKind) =>
    choice.kinds === undefined || choice.kinds.includes(kind);
  const userPath = userSettingsPath(location.waveHome);
  const projectPath = projectSettingsPath(location.workdir);
  const user = reads('user') ? readSettingsFile(userPath) : NO_FILE;
  // Working in the home directory makes ~/.wave/settings.json both files; it is the user's.
  const project =
    projectPath === userPath || !reads('project') ? NO_FILE : readSettingsFile(projectPath);
  // --settings: the strongest layer, the user's own word (checked when the flag was read).
  const layer =
    choice.layer === undefined ? undefined : settingsFromText(choice.layer.text, choice.layer.path);

  const mcpPath = projectMcpConfigPath(location.workdir);
  const mcp = readMcpConfigFile(mcpPath);
  const localMcp = readLocalMcpServers(location.waveHome, location.workdir);
  const claudeHome =
    user.settings.readClaudeHome === false || !reads('claude-user')
      ? undefined
      : location.claudeHome;
  const sections = readSettingsSections(
    {
      waveHome: location.waveHome,
      workdir: location.workdir,
      ...(claudeHome !== undefined ? { claudeHome } : {}),
    },
    choice,
  );
  const rules = readPermissionSettings(sections.permissions, BUILTIN_TOOL_NAMES);
  // Claude Code's `sandbox` where Wave's own file has none (claude-sandbox.ts).
  const claudeProject =
    project.settings.sandbox === undefined && projectPath !== userPath && reads('claude-project')
      ? claudeProjectSandbox(location.workdir)
      : { warnings: [] };
  const claudeUser =
    user.settings.sandbox === undefined ? claudeUserSandbox(claudeHome) : { warnings: [] };
  const plugins = loadPlugins(sections.plugins, location.waveHome);
  const warnings = [
    ...claudeProject.warnings,
    ...claudeUser.warnings,
    ...user.warnings,
    ...project.warnings,
    ...(layer?.warnings ?? []),
    ...sections.warnings,
    ...rules.problems,
    ...envProblems(sections.env),
    ...mcpApprovalProblems(sections.mcpApproval),
    ...sections.statusLine.flatMap((section) => statusLineProblem(section) ?? []),
    ...sections.apiKeyHelper.flatMap((section) => apiKeyHelperProblem(section) ?? []),
    ...mcp.problems,
    ...localMcp.problems,
    ...plugins.warnings,
  ];
  const {
    apiKey: projectApiKey,
    mcpServers: projectServers,
    webSearch: projectWebSearch,
    readClaudeHome: projectReadsClaudeHome,
    ...projectSettings
  } = project.settings;
  if (projectWebSearch !== undefined) {
    warnings.push(
      `ignoring "webSearch" at ${project.keyLocation('webSearch')}: a project file may be committed, and where your searches (and a key) go is yours to say. Move it to ${userPath}.`,
    );
  }
  if (projectReadsClaudeHome !== undefined)
    warnings.push(
      `ignoring "readClaudeHome" at ${project.keyLocation('readClaudeHome')}: whether your ~/.claude is read is yours to say, in ${userPath}.`,
    );
  if (projectApiKey !== undefined) {
    warnings.push(
      `ignoring "apiKey" at ${project.keyLocation('apiKey')}: a project file may be committed, so Wave never reads a key from it. Move it to ${userPath} or set WAVE_API_KEY.`,
    );
  }
  if (projectServers !== undefined) {
    warnings.push(
      `ignoring "mcpServers" at ${project.keyLocation('mcpServers')}: a project's MCP servers go in ${mcpPath}, as in Claude Code.`,
    );
  }
  // defaultModel and modelFor name configured models, of either file.
  const names = [
    ...new Set([
      ...Object.keys(user.settings.models ?? {}),
      ...Object.keys(projectSettings.models ?? {}),
    ]),
  ];
  const withSandbox = (settings: WaveSettings, found: ClaudeSandbox): WaveSettings =>
    found.sandbox === undefined ? settings : { ...settings, sandbox: found.sandbox };
  return {
    user: namedModelsOnly(
      withSandbox(user.settings, claudeUser),
      names,
      user.keyLocation,
      warnings,
    ),
    project: namedModelsOnly(
      withSandbox(projectSettings, claudeProject),
      names,
      project.keyLocation,
      warnings,
    ),
    projectPath,
    projectMcp: { path: mcpPath, servers: mcp.servers },
    ...(Object.keys(localMcp.servers).length > 0 ? { localMcp: localMcp.servers } : {}),
    permissions: sections.permissions,
    hooks: sections.hooks,
    env: sections.env,
    mcpApproval: sections.mcpApproval,
    statusLine: sections.statusLine,
    apiKeyHelper: sections.apiKeyHelper,
    plugins,
    ...(claudeHome !== undefined ? { claudeHome } : {}),
    ...(layer !== undefined ? { flagLayer: layer.settings } : {}),
    warnings,
  };
}

/** The settings without a defaultModel or modelFor naming no configured model (each one said). */
function namedModelsOnly(
  settings: WaveSettings,
  names: readonly string[],
  keyLocation: (key: string) => string,
  warnings: string[],
): WaveSettings {
  const known = (setting: string, name: string | undefined): boolean => {
    if (name === undefined || names.includes(name)) return true;
    warnings.push(
      `"${setting}" at ${keyLocation(setting)} names "${name}", which is not a configured model, so it is ignored. ${names.length > 0 ? `Configured: ${names.join(', ')}.` : 'Add it to "models" first.'}`,
    );
    return false;
  };
  const { defaultModel, modelFor, ...rest } = settings;
  const defaultKnown = known('defaultModel', defaultModel);
  const purposes = Object.fromEntries(
    Object.entries(modelFor ?? {}).filter(([purpose, name]) => known(`modelFor.${purpose}`, name)),
  );
  return {
    ...rest,
    ...(defaultKnown && defaultModel !== undefined ? { defaultModel } : {}),
    ...(modelFor !== undefined ? { modelFor: purposes } : {}),
  };
}

function mcpApprovalProblems(sections: readonly SettingsSection[]): string[] {
  const problems: string[] = [];
  readMcpApproval(sections, problems);
  return problems;
}
