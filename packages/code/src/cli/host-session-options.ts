// The Agent's options for a session a host opens (`wave --stdio`, `wave web`): the same sources
// as the other modes (flags, environment, settings files of the session's folder), with the
// host's explicit choices on top. What the folder's settings ask for beyond the defaults is
// asked of the host (requestWorkspaceTrust) unless the user already trusted the folder with it.
import { trustedHooks } from '../settings/hook-requests.js';
import {
  decideWorkspaceTrust,
  demoConfigureHint,
  hostTrustAsker,
  userSettingsFile,
} from '@wave-agent/agent-sdk';
import { resolveClaudeHome } from '@wave-agent/agent-sdk';
import type { AgentOptions, Logger, ServerPeer } from '@wave-agent/agent-sdk';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import { loadSettings } from '../settings/load-settings.js';
import { projectRequests, trustReport, trustedSettings } from '../settings/project-trust.js';
import { agentOptions } from './agent-options.js';
import type { CliOptions } from './cli-options.js';

export interface HostSessionOptionsInput {
  readonly cli: CliOptions;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly waveHome: string;
  readonly logger: Logger;
  /** How long the host has to answer the trust question. */
  readonly trustTimeoutMs: number;
  /** Said after the settings that were ignored: how this host's user can trust the folder. */
  readonly howToTrust: string;
}

export type HostSessionOptions = (
  params: InitializeParams,
  peer: ServerPeer,
) => Promise<AgentOptions>;

export function hostSessionOptions(input: HostSessionOptionsInput): HostSessionOptions {
  const { cli, env, waveHome, logger } = input;
  // What the host trusted without remembering counts for the rest of this process, per folder.
  const trustedThisRun = new Map<string, Set<string>>();
  return async (params, peer) => {
    const { workdir } = params;
    const loaded = loadSettings({ waveHome, workdir, claudeHome: resolveClaudeHome(env) });
    for (const warning of loaded.warnings) logger.warn(warning);
    // The host's explicit choices are the user's word; the flags the host started wave with too.
    const stronger = {
      ...cli,
      ...(params.provider !== undefined ? { provider: params.provider } : {}),
      ...(params.baseURL !== undefined ? { baseURL: params.baseURL } : {}),
      ...(params.apiKey !== undefined ? { apiKey: params.apiKey } : {}),
      ...(params.permissionMode !== undefined ? { permissionMode: params.permissionMode } : {}),
      env,
    };
    const alsoGranted = trustedThisRun.get(workdir) ?? new Set<string>();
    const request = peer.request?.bind(peer);
    const trust = await decideWorkspaceTrust({
      waveHome,
      workdir,
      requests: projectRequests(loaded, stronger),
      // A transport that cannot ask its host has no one to say yes.
      ...(request
        ? { ask: hostTrustAsker(request, { timeoutMs: input.trustTimeoutMs, logger }) }
        : {}),
      alsoGranted,
    });
    for (const granted of trust.granted) alsoGranted.add(granted.key);
    trustedThisRun.set(workdir, alsoGranted);
    for (const line of trustReport(trust, input.howToTrust)) logger.warn(line);
    const settings = trustedSettings(loaded, trust.granted, stronger);
    const hooks = trustedHooks(loaded.hooks, trust.granted);
    const options = agentOptions({
      cli,
      settings,
      hooks,
      env,
      workdir,
      waveHome,
      logger,
      origin: 'host',
    });
    // The demo's advice in the host's own terms (VS Code's settings, the desktop's, the terminal's).
    return {
      ...options,
      demo: {
        ...options.demo,
        configureHint: demoConfigureHint(params.host, userSettingsFile(waveHome)),
      },
    };
  };
}
