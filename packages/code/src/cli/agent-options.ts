// The Agent's options from every source. Precedence, strongest first: flags, environment,
// project settings, user settings. Provider fields go to the SDK as explicit (flags) and
// settings (files, with the configured models), and the SDK puts the environment between them
// (resolveModelSetup).
import type { AgentOptions, CanUseTool, HookSettingsSource, Logger } from '@wave-agent/agent-sdk';
import type { EffortLevel, SessionOrigin } from '@wave-agent/shared-protocol';
import type { TrustedSettings } from '../settings/project-trust.js';
import type { CliOptions } from './cli-options.js';
import { permissionFlagsSection } from './permission-flags.js';
import { retryFromEnv } from './retry-from-env.js';
import { runMcpServers } from './mcp-config-flags.js';
import { maxThinkingTokensFromEnv } from './thinking-from-env.js';
import { sandboxOnByDefault } from '../settings/sandbox-default.js';
import { runApiKeyHelper } from '../settings/api-key-helper.js';

export interface AgentOptionsInput {
  readonly cli: CliOptions;
  readonly settings: TrustedSettings;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly workdir: string;
  readonly waveHome: string;
  readonly logger: Logger;
  readonly canUseTool?: CanUseTool;
  /** Which kind of run starts the session (the session picker lists interactive ones first). */
  readonly origin: SessionOrigin;
  /** The hooks that may run: the user's, and a trusted project's (settings/hook-requests.ts). */
  readonly hooks?: readonly HookSettingsSource[];
}

/** The Agent's options; where it works and keeps its sessions are always set. */
export type CliAgentOptions = AgentOptions & {
  readonly workdir: string;
  readonly waveHome: string;
};

/** The settings' effort: `effort`, Claude Code's `effortLevel`, or `off` for `alwaysThinkingEnabled: false`. */
function settingsEffort(settings: TrustedSettings): EffortLevel | undefined {
  return (
    settings.effort ??
    settings.effortLevel ??
    (settings.alwaysThinkingEnabled === false ? 'off' : undefined)
  );
}

export function agentOptions(input: AgentOptionsInput): CliAgentOptions {
  const { cli, settings } = input;
  // The command line's rules and folders are the user's own words, the strongest.
  const flags = permissionFlagsSection(cli, input.workdir);
  const permissionSettings = [...(settings.permissionSections ?? []), ...(flags ? [flags] : [])];
  const defaultEffort = settingsEffort(settings);
  const maxThinkingTokens = maxThinkingTokensFromEnv(input.env);
  const mcpServers = runMcpServers(settings.mcpServers, cli.mcp);
  return {
    ...(cli.provider ? { provider: cli.provider } : {}),
    ...(cli.model ? { model: cli.model } : {}),
    ...(cli.baseURL ? { baseURL: cli.baseURL } : {}),
    ...(cli.apiKey ? { apiKey: cli.apiKey } : {}),
    settings: {
      ...(settings.provider ? { provider: settings.provider } : {}),
      ...(settings.model ? { model: settings.model } : {}),
      ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
      ...(settings.apiKey
        ? { apiKey: settings.apiKey }
        : settings.apiKeyHelper
          ? { apiKey: runApiKeyHelper(settings.apiKeyHelper, input.workdir, input.env) }
          : {}),
      ...(settings.models ? { models: settings.models } : {}),
      ...(settings.defaultModel ? { defaultModel: settings.defaultModel } : {}),
      ...(settings.modelFor ? { modelFor: settings.modelFor } : {}),
    },
    env: input.env,
    workdir: input.workdir,
    waveHome: input.waveHome,
    ...(settings.claudeHome !== undefined ? { claudeHome: settings.claudeHome } : {}),
    ...(settings.commandEnv ? { commandEnv: settings.commandEnv } : {}),
    permissionMode: cli.permissionMode ?? settings.permissionMode ?? 'default',
    allowedTools: settings.allowedTools ?? [],
    ...(permissionSettings.length > 0 ? { permissionSettings } : {}),
    // Only servers trust allowed are here: the user's own, and a trusted project's; then the flags'.
    ...(mcpServers ? { mcpServers } : {}),
    // The user's file only (load-settings.ts ignores a project's).
    ...(settings.webSearch ? { webSearch: settings.webSearch } : {}),
    ...(input.hooks && input.hooks.length > 0 ? { hooks: input.hooks } : {}),
    // Only plugins trust allowed are here: the user's own, and a trusted project's.
    ...(settings.plugins ? { plugins: settings.plugins } : {}),
    ...(cli.maxTurns ? { maxTurns: cli.maxTurns } : {}),
    ...(cli.effort ? { effort: cli.effort } : {}),
    ...(defaultEffort ? { defaultEffort } : {}),
    ...(maxThinkingTokens !== undefined ? { maxThinkingTokens } : {}),
    sandbox: {
      enabled: cli.sandbox ?? settings.sandbox?.enabled ?? sandboxOnByDefault(input.env),
      ...(cli.sandbox === undefined && settings.sandbox?.enabled === undefined
        ? { byDefault: true }
        : {}),
      network: settings.sandbox?.network === true,
      allowWrite: settings.sandbox?.allowWrite ?? [],
      allowRead: settings.sandbox?.allowRead ?? [],
      ...(settings.sandbox?.allowUnixSockets
        ? { allowUnixSockets: settings.sandbox.allowUnixSockets }
        : {}),
      ...(settings.sandbox?.excludedCommands
        ? { excludedCommands: settings.sandbox.excludedCommands }
        : {}),
      ...(settings.sandbox?.autoAllow === false ? { autoAllow: false } : {}),
    },
    retry: retryFromEnv(input.env),
    logger: input.logger,
    origin: input.origin,
    ...(input.canUseTool ? { canUseTool: input.canUseTool } : {}),
  };
}
