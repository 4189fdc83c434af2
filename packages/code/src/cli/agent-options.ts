// The Agent's options from every source. Precedence, strongest first: flags, environment,
// project settings, user settings. Provider fields go to the SDK as explicit (flags) and
// settings (files, with the configured models), and the SDK puts the environment between them
// (resolveModelSetup).
import type { AgentOptions, CanUseTool, HookSettingsSource, Logger } from '@wave-agent/agent-sdk';
import type { SessionOrigin } from '@wave-agent/shared-protocol';
import type { TrustedSettings } from '../settings/project-trust.js';
import type { CliOptions } from './cli-options.js';
import { retryFromEnv } from './retry-from-env.js';

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

export function agentOptions(input: AgentOptionsInput): CliAgentOptions {
  const { cli, settings } = input;
  return {
    ...(cli.provider ? { provider: cli.provider } : {}),
    ...(cli.model ? { model: cli.model } : {}),
    ...(cli.baseURL ? { baseURL: cli.baseURL } : {}),
    ...(cli.apiKey ? { apiKey: cli.apiKey } : {}),
    settings: {
      ...(settings.provider ? { provider: settings.provider } : {}),
      ...(settings.model ? { model: settings.model } : {}),
      ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
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
    ...(settings.permissionSections ? { permissionSettings: settings.permissionSections } : {}),
    // Only servers trust allowed are here: the user's own, and a trusted project's.
    ...(settings.mcpServers ? { mcpServers: settings.mcpServers } : {}),
    ...(input.hooks && input.hooks.length > 0 ? { hooks: input.hooks } : {}),
    ...(cli.maxTurns ? { maxTurns: cli.maxTurns } : {}),
    sandbox: {
      enabled: cli.sandbox ?? settings.sandbox?.enabled ?? false,
      network: settings.sandbox?.network === true,
      allowWrite: settings.sandbox?.allowWrite ?? [],
      allowRead: settings.sandbox?.allowRead ?? [],
      ...(settings.sandbox?.allowUnixSockets
        ? { allowUnixSockets: settings.sandbox.allowUnixSockets }
        : {}),
    },
    retry: retryFromEnv(input.env),
    logger: input.logger,
    origin: input.origin,
    ...(input.canUseTool ? { canUseTool: input.canUseTool } : {}),
  };
}
