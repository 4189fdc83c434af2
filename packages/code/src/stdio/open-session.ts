// initialize → an Agent. The host's params override the bridge's defaults (flags, environment,
// settings files); the Agent reports to the host through the bridge (permission questions,
// queue changes). Failures the host can fix come back as sentences with the Wave error code.
import { statSync } from 'node:fs';
import { Agent, ConfigError, SessionFileError } from '@wave-agent/agent-sdk';
import type { AgentOptions, Logger } from '@wave-agent/agent-sdk';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import { BridgeError } from './bridge-error.js';
import { BridgeSession } from './bridge-session.js';
import type { SessionRoute } from './bridge-session.js';
import type { NotificationSender } from './notification-sender.js';
import { permissionAsker } from './permission-asker.js';

/** The Agent's options before the host's initialize params are applied on top. */
export type AgentOptionsFor = (params: InitializeParams) => AgentOptions;

export interface SessionOpenerParts {
  readonly agentOptionsFor: AgentOptionsFor;
  readonly connection: MessageConnection;
  readonly notifications: NotificationSender;
  readonly logger: Logger;
  readonly permissionTimeoutMs: number;
}

export type SessionOpener = (params: InitializeParams) => Promise<BridgeSession>;

function requireDirectory(workdir: string): void {
  if (statSync(workdir, { throwIfNoEntry: false })?.isDirectory()) return;
  throw new BridgeError(
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

function hostFacing(error: unknown, params: InitializeParams): unknown {
  if (error instanceof ConfigError) {
    return new BridgeError(
      RPC_ERROR_CODES.providerUnavailable,
      `${error.message} (Over --stdio, initialize also takes provider, model, baseURL and apiKey.)`,
    );
  }
  if (error instanceof SessionFileError) {
    return new BridgeError(
      RPC_ERROR_CODES.sessionNotFound,
      `${error.message} Call listSessions for the sessions of ${params.workdir}, or initialize without sessionId to start a new one.`,
    );
  }
  return error;
}

export function sessionOpener(parts: SessionOpenerParts): SessionOpener {
  return async (params) => {
    requireDirectory(params.workdir);
    // The route exists before the Agent, so callbacks fired while it is created have an address.
    const route: SessionRoute = { key: params.sessionId ?? '' };
    let agent: Agent;
    try {
      // Inside the try: building the defaults reads the environment, which may be wrong too.
      agent = await Agent.create({
        ...parts.agentOptionsFor(params),
        ...hostChoices(params),
        logger: parts.logger,
        canUseTool: permissionAsker({
          connection: parts.connection,
          timeoutMs: parts.permissionTimeoutMs,
          logger: parts.logger,
          sessionId: () => route.key,
        }),
        onQueuedMessagesChange: (queued) =>
          parts.notifications.send('queuedMessagesChanged', { sessionId: route.key, queued }),
      });
    } catch (error) {
      throw hostFacing(error, params);
    }
    return new BridgeSession({
      route,
      agent,
      initializeParams: params,
      notifications: parts.notifications,
      logger: parts.logger,
    });
  };
}
