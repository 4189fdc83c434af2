// initialize → an Agent. The host's params override the server's defaults (flags, environment,
// settings files). Failures the host can fix come back as sentences with the Wave error code.
import { statSync } from 'node:fs';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import { Agent } from '../agent.js';
import type { AgentOptions } from '../agent.js';
import { ConfigError } from '../model/provider-settings.js';
import { SessionFileError } from '../session/session-reader.js';
import { ProtocolError } from './protocol-error.js';

function requireDirectory(workdir: string): void {
  if (statSync(workdir, { throwIfNoEntry: false })?.isDirectory()) return;
  throw new ProtocolError(
    RPC_ERROR_CODES.invalidParams,
    `invalid params for initialize: workdir: ${workdir} is not an existing directory. Pass the absolute path of the folder Wave should work in.`,
  );
}

/** The host's explicit choices, which beat flags, environment and settings files. */
function hostChoices(params: InitializeParams): Partial<AgentOptions> {
  return {
    workdir: params.workdir,
    ...(params.provider !== undefined ? { provider: params.provider } : {}),
    ...(params.model !== undefined ? { model: params.model } : {}),
    ...(params.baseURL !== undefined ? { baseURL: params.baseURL } : {}),
    ...(params.apiKey !== undefined ? { apiKey: params.apiKey } : {}),
    ...(params.permissionMode !== undefined ? { permissionMode: params.permissionMode } : {}),
    ...(params.sessionId !== undefined ? { resumeSessionId: params.sessionId } : {}),
  };
}

export function hostFacing(error: unknown, workdir: string): unknown {
  if (error instanceof ConfigError) {
    return new ProtocolError(
      RPC_ERROR_CODES.providerUnavailable,
      `${error.message} (initialize also takes provider, model, baseURL and apiKey.)`,
    );
  }
  if (error instanceof SessionFileError) {
    return new ProtocolError(
      RPC_ERROR_CODES.sessionNotFound,
      `${error.message} Call listSessions for the sessions of ${workdir}, or initialize without sessionId to start a new one.`,
    );
  }
  return error;
}

export async function openAgent(
  params: InitializeParams,
  defaults: () => AgentOptions | Promise<AgentOptions>,
  extra: Partial<AgentOptions>,
): Promise<Agent> {
  requireDirectory(params.workdir);
  try {
    // Inside the try: building the defaults reads the environment, which may be wrong too.
    return await Agent.create({ ...(await defaults()), ...hostChoices(params), ...extra });
  } catch (error) {
    throw hostFacing(error, params.workdir);
  }
}
