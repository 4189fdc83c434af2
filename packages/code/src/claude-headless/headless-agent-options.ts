// The Agent's options for wave-claude: as for `wave -p` (a run nobody is asked in about the
// folder: only folders the user trusted give their settings, ARCHITECTURE §2.13; --settings and
// --setting-sources as the SDK's settings and settingSources say), with the session flags the
// SDK passed (--resume, --fork-session, --fallback-model) and the
// system prompt, hooks and in-process MCP servers of `initialize`.
import { decideWorkspaceTrust, resolveClaudeHome } from '@wave-agent/agent-sdk';
import type { CanUseTool, HookCallbackEntry, Logger, McpRelay } from '@wave-agent/agent-sdk';
import type { McpServers } from '@wave-agent/shared-protocol';
import { agentOptions } from '../cli/agent-options.js';
import type { CliAgentOptions } from '../cli/agent-options.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions } from '../cli/cli-options.js';
import { printStart } from '../print/print-agent-options.js';
import { trustedHooks } from '../settings/hook-requests.js';
import { withFlagLayer } from '../settings/flag-layer.js';
import { loadSettings } from '../settings/load-settings.js';
import {
  HOW_TO_TRUST,
  projectRequests,
  trustReport,
  trustedSettings,
} from '../settings/project-trust.js';

export interface HeadlessOptionsInput {
  readonly cli: CliOptions;
  readonly io: CliIo;
  readonly workdir: string;
  readonly waveHome: string;
  readonly logger: Logger;
  readonly canUseTool?: CanUseTool;
  /** From `initialize`: instead of Wave's prompt, and said after it. */
  readonly systemPrompt?: string;
  readonly appendSystemPrompt?: string;
  /** From `initialize`: the app's hooks, asked over the protocol. */
  readonly hookCallbacks?: readonly HookCallbackEntry[];
  /** From `initialize`: the app's in-process MCP servers, reached over the protocol. */
  readonly relayedMcpServers?: Readonly<Record<string, McpRelay>>;
  /** From `initialize`: the app's other MCP servers (stdio, http), started as the user's are. */
  readonly appMcpServers?: McpServers;
}

export type HeadlessOptions = { readonly options: CliAgentOptions } | { readonly problem: string };

export async function headlessAgentOptions(input: HeadlessOptionsInput): Promise<HeadlessOptions> {
  const { cli, io, workdir, waveHome } = input;
  const loaded = loadSettings(
    { waveHome, workdir, claudeHome: resolveClaudeHome(io.env) },
    cli.settingsChoice,
  );
  for (const warning of loaded.warnings) io.stderr.write(`wave-claude: ${warning}\n`);
  const stronger = { ...cli, env: io.env };
  const requests = projectRequests(loaded, stronger);
  const trust = await decideWorkspaceTrust({ waveHome, workdir, requests, alsoGranted: new Set() });
  for (const line of trustReport(trust, HOW_TO_TRUST.print))
    io.stderr.write(`wave-claude: ${line}\n`);
  const base = agentOptions({
    cli,
    env: io.env,
    workdir,
    waveHome,
    settings: withFlagLayer(trustedSettings(loaded, trust.granted, stronger), loaded.flagLayer),
    hooks: trustedHooks(loaded.hooks, trust.granted),
    logger: input.logger,
    origin: 'print',
    ...(input.canUseTool ? { canUseTool: input.canUseTool } : {}),
  });
  const start = printStart(cli, base);
  if ('problem' in start) return { problem: start.problem };
  return {
    options: {
      ...base,
      ...start.options,
      ...(input.systemPrompt !== undefined ? { systemPrompt: input.systemPrompt } : {}),
      ...(input.appendSystemPrompt !== undefined
        ? { appendSystemPrompt: input.appendSystemPrompt }
        : {}),
      ...(input.hookCallbacks?.length ? { hookCallbacks: input.hookCallbacks } : {}),
      ...(input.relayedMcpServers ? { relayedMcpServers: input.relayedMcpServers } : {}),
      ...(input.appMcpServers && Object.keys(input.appMcpServers).length > 0
        ? { mcpServers: { ...base.mcpServers, ...input.appMcpServers } }
        : {}),
    },
  };
}
