// What a project's settings ask for that needs the user's trust, and the settings Wave uses once
// trust is decided. A project may choose its model (among the user's configured ones, or a model
// id of the user's provider) and lower the permission mode freely; raising the mode, letting
// tools run without asking, choosing the provider or endpoint (where the user's key goes), or
// adding a model that goes elsewhere (project-models.ts) takes effect only when granted
// (decideWorkspaceTrust in agent-sdk). A request that would change nothing (the flag, the host
// or the environment already decides it, or the user's own settings say the same) is not a
// request at all, so nobody is asked about it. Each MCP server of the project's `.mcp.json` is
// a request of its own (mcp-server-requests.ts).
import { resolveProvider } from '@wave-agent/agent-sdk';
import type { ProjectRequest, ProviderSettings, TrustDecision } from '@wave-agent/agent-sdk';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { LoadedSettings } from './load-settings.js';
import { modelRequests, trustedModels } from './project-models.js';
import { projectRequest as request } from './project-request.js';
import type { StrongerChoices } from './project-request.js';
import type { WaveSettings } from './settings-schema.js';
import { hookRequests } from './hook-requests.js';
import { statusLineRequests } from './status-line-setting.js';
import { apiKeyHelperRequests, trustedApiKeyHelper } from './api-key-helper.js';
import type { ApiKeyHelper } from './api-key-helper.js';
import { envRequests, trustedEnv } from './env-settings.js';
import { readMcpApproval } from './mcp-approval.js';
import { mcpServerRequest, sameServer } from './mcp-server-requests.js';
import { sandboxRequests, trustedSandbox } from './sandbox-requests.js';
import {
  defaultModeOf,
  MODE_RANK,
  permissionRequests,
  trustedPermissionSections,
} from './permission-requests.js';
import type { PluginBundle, SettingsSection } from '@wave-agent/agent-sdk';
import { pluginRequest, trustedPlugins } from './plugin-requests.js';
import { errorText } from '@wave-agent/shared-protocol';

export type { StrongerChoices } from './project-request.js';

const MODE_MEANS: Readonly<Record<PermissionMode, string>> = {
  plan: 'only read, never change anything',
  default: 'ask before edits and commands',
  acceptEdits: 'edit files in this folder without asking',
  bypassPermissions: 'run every tool, including commands, without asking',
  dontAsk: 'refuse, without asking, whatever no rule allows',
};

/** Where the model calls go (and with which key) for these settings files, as one string. */
function endpointWith(files: ProviderSettings, stronger: StrongerChoices): string {
  try {
    const resolved = resolveProvider({ explicit: stronger, env: stronger.env, files });
    return `${resolved.provider} ${resolved.baseURL ?? '(default endpoint)'}`;
  } catch (error) {
    return `unusable: ${errorText(error)}`;
  }
}

/** The project's settings that need trust and would change something, as requests. */
export function projectRequests(
  loaded: LoadedSettings,
  stronger: StrongerChoices,
): ProjectRequest[] {
  const { user, project, projectPath } = loaded;
  const requests: ProjectRequest[] = [];
  const mode = project.permissionMode;
  const ownMode = user.permissionMode ?? 'default';
  if (mode && stronger.permissionMode === undefined && MODE_RANK[mode] > MODE_RANK[ownMode]) {
    requests.push(request(projectPath, 'permissionMode', mode, MODE_MEANS[mode]));
  }
  if (stronger.permissionMode !== 'bypassPermissions') {
    const own = new Set(user.allowedTools ?? []);
    for (const tool of new Set(project.allowedTools ?? [])) {
      if (own.has(tool)) continue;
      const what = tool === 'Bash' ? 'run commands' : `use ${tool}`;
      requests.push(request(projectPath, 'allowedTools', tool, `${what} without asking`));
    }
  }
  const userEndpoint = endpointWith(user, stronger);
  if (
    project.provider &&
    endpointWith({ ...user, provider: project.provider }, stronger) !== userEndpoint
  ) {
    requests.push(
      request(
        projectPath,
        'provider',
        project.provider,
        `use the ${project.provider} provider, with your API key`,
      ),
    );
  }
  if (
    project.baseURL &&
    endpointWith({ ...user, baseURL: project.baseURL }, stronger) !== userEndpoint
  ) {
    requests.push(
      request(
        projectPath,
        'baseURL',
        project.baseURL,
        `send your requests, and your API key, to ${project.baseURL}`,
      ),
    );
  }
  const { path: mcpPath, servers } = loaded.projectMcp;
  const approval = readMcpApproval(loaded.mcpApproval);
  for (const [name, config] of Object.entries(servers)) {
    // Off in some file, approved in the user's own, or replaced by a local one: nothing to ask.
    if (approval.disables(name) || approval.approves(name)) continue;
    if (loaded.localMcp && Object.hasOwn(loaded.localMcp, name)) continue;
    if (!sameServer(user.mcpServers?.[name], config))
      requests.push(mcpServerRequest(mcpPath, name, config));
  }
  return [
    ...requests,
    ...modelRequests(loaded, stronger),
    ...permissionRequests(loaded.permissions, stronger, user.permissionMode),
    ...sandboxRequests(loaded, stronger),
    ...hookRequests(loaded.hooks),
    ...envRequests(loaded.env),
    ...statusLineRequests(loaded.statusLine ?? []),
    ...apiKeyHelperRequests(loaded.apiKeyHelper ?? []),
    ...(loaded.plugins?.project ?? []).map(pluginRequest),
  ];
}

/** The settings in force, with the permission rules of every file cut to what trust allows. */
export type TrustedSettings = WaveSettings & {
  /** Each file's `permissions`, weakest first (the Agent's permissionSettings). */
  readonly permissionSections?: readonly SettingsSection[];
  /** The user's Claude Code folder, when it is read (the user's word: no trust needed). */
  readonly claudeHome?: string;
  /** The `env` variables in force: the user's, and the project's the user trusted. */
  readonly commandEnv?: Readonly<Record<string, string>>;
  /** The plugins that run: the user's, and the project's the user trusted. */
  readonly plugins?: readonly PluginBundle[];
  /** The command that prints the key (`apiKeyHelper`): the user's, or a trusted project's. */
  readonly apiKeyHelper?: ApiKeyHelper;
};

/** User settings, then the project's: freely what needs no trust, the rest only as granted. */
export function trustedSettings(
  loaded: LoadedSettings,
  granted: readonly ProjectRequest[],
  stronger: StrongerChoices,
): TrustedSettings {
  const { user, project } = loaded;
  const allowed = new Set(granted.map((request) => request.key));
  const may = (setting: string, value: string | undefined): boolean =>
    value !== undefined && allowed.has(`${setting}=${value}`);
  const mode = project.permissionMode;
  const modeApplies =
    mode !== undefined &&
    (MODE_RANK[mode] <= MODE_RANK[user.permissionMode ?? 'default'] || may('permissionMode', mode));
  const projectTools = (project.allowedTools ?? []).filter((tool) => may('allowedTools', tool));
  // The user's servers always start; the project's (.mcp.json) only as granted, and then over a
  // user server of the same name, as in Claude Code; the user's local ones (for this folder only)
  // over both.
  const { path: mcpPath, servers } = loaded.projectMcp;
  const mcpServers = { ...user.mcpServers };
  const approval = readMcpApproval(loaded.mcpApproval);
  for (const [name, config] of Object.entries(servers)) {
    if (approval.disables(name)) continue;
    if (approval.approves(name) || allowed.has(mcpServerRequest(mcpPath, name, config).key))
      mcpServers[name] = config;
  }
  Object.assign(mcpServers, loaded.localMcp);
  const allowedTools = [...new Set([...(user.allowedTools ?? []), ...projectTools])];
  const models = trustedModels(loaded, granted, stronger);
  // A name of the project's own model that was not trusted names nothing; any other is a model id.
  const usable = (name: string | undefined): name is string =>
    name !== undefined &&
    (Object.hasOwn(models, name) || !Object.hasOwn(project.models ?? {}, name));
  const named = (name: string | undefined): name is string =>
    name !== undefined && Object.hasOwn(models, name);
  // A model named for a provider the user did not accept would not be the user's choice either.
  const projectModel =
    usable(project.model) && (project.provider === undefined || may('provider', project.provider))
      ? project.model
      : undefined;
  const projectDefault = named(project.defaultModel) ? project.defaultModel : undefined;
  const { defaultModel: usersDefault, modelFor: usersPurposes, model: usersModel, ...users } = user;
  // The project's choice of model replaces the user's, whichever key either says it with.
  const choice =
    projectDefault !== undefined || projectModel !== undefined
      ? {
          ...(projectModel !== undefined ? { model: projectModel } : {}),
          ...(projectDefault !== undefined ? { defaultModel: projectDefault } : {}),
        }
      : {
          ...(usable(usersModel) ? { model: usersModel } : {}),
          ...(named(usersDefault) ? { defaultModel: usersDefault } : {}),
        };
  const modelFor = {
    ...Object.fromEntries(Object.entries(usersPurposes ?? {}).filter(([, name]) => named(name))),
    ...Object.fromEntries(Object.entries(project.modelFor ?? {}).filter(([, name]) => named(name))),
  };
  const sandbox = trustedSandbox(loaded, granted);
  const apiKeyHelper = trustedApiKeyHelper(loaded.apiKeyHelper ?? [], granted);
  const commandEnv = trustedEnv(loaded.env, granted);
  const plugins = [
    ...(loaded.plugins?.user ?? []),
    ...trustedPlugins(loaded.plugins?.project ?? [], granted),
  ];
  const permissionSections = trustedPermissionSections(
    loaded.permissions,
    granted,
    user.permissionMode,
  );
  // Wave's own permissionMode key first, then Claude Code's permissions.defaultMode.
  const defaultMode =
    user.permissionMode === undefined ? defaultModeOf(permissionSections) : undefined;
  return {
    ...users,
    ...choice,
    ...(sandbox !== undefined ? { sandbox } : {}),
    ...(defaultMode ? { permissionMode: defaultMode } : {}),
    ...(modeApplies ? { permissionMode: mode } : {}),
    ...(permissionSections.length > 0 ? { permissionSections } : {}),
    // How hard the model thinks raises no permission: the folder's word holds without trust.
    ...(project.effort ? { effort: project.effort } : {}),
    ...(project.effortLevel ? { effortLevel: project.effortLevel } : {}),
    ...(project.alwaysThinkingEnabled !== undefined
      ? { alwaysThinkingEnabled: project.alwaysThinkingEnabled }
      : {}),
    ...(may('provider', project.provider) ? { provider: project.provider } : {}),
    ...(may('baseURL', project.baseURL) ? { baseURL: project.baseURL } : {}),
    ...(allowedTools.length > 0 || user.allowedTools ? { allowedTools } : {}),
    ...(Object.keys(models).length > 0 ? { models } : {}),
    ...(Object.keys(modelFor).length > 0 ? { modelFor } : {}),
    ...(Object.keys(mcpServers).length > 0 ? { mcpServers } : {}),
    ...(loaded.claudeHome !== undefined ? { claudeHome: loaded.claudeHome } : {}),
    ...(Object.keys(commandEnv).length > 0 ? { commandEnv } : {}),
    ...(plugins.length > 0 ? { plugins } : {}),
    ...(apiKeyHelper !== undefined ? { apiKeyHelper } : {}),
  };
}

/** A work folder's settings and what they ask for that needs trust. */
export interface ProjectSettings {
  readonly loaded: LoadedSettings;
  /** The flags (and environment) the requests were measured against. */
  readonly stronger: StrongerChoices;
  readonly requests: readonly ProjectRequest[];
}

/** How a user of each mode can trust a folder, said after what was ignored. */
export const HOW_TO_TRUST = {
  print:
    'To trust it, run wave trust in it (or start wave there and answer its question); or choose these yourself with flags (e.g. --permission-mode).',
  interactive: 'Wave asks again the next time it starts here.',
  stdio: 'The host can trust the folder when Wave asks it (requestWorkspaceTrust).',
  web: 'The page asks whether to trust the folder when it opens the session.',
  acp: "The editor is asked whether to trust the folder at the session's first prompt.",
} as const;

/** What the user should hear about a trust decision: problems, then what is ignored. */
export function trustReport(decision: TrustDecision, howToTrust: string): string[] {
  const ignored = ignoredSettingsLine(decision.ignored, howToTrust);
  return [...decision.problems, ...(ignored ? [ignored] : [])];
}

/** One line for stderr or a note: which of the project's settings are ignored, and what to do. */
export function ignoredSettingsLine(
  ignored: readonly ProjectRequest[],
  howToTrust: string,
): string | undefined {
  if (ignored.length === 0) return undefined;
  const sources = [...new Set(ignored.map((request) => request.source))].join(', ');
  const listed = ignored
    .map((request) => `${request.setting} ${request.value} (${request.description})`)
    .join('; ');
  return `ignoring settings from ${sources} because this folder is not trusted: ${listed}. ${howToTrust}`;
}
