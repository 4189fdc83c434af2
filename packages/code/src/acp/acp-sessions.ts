// The sessions of one ACP connection, by the id the editor knows them by — which is the Wave
// session's id, so session/load finds a stored session by it in a later process too. New and
// loaded sessions are opened here; an id the editor sends that is not open gets an error
// naming it.
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import { RequestError } from '@agentclientprotocol/sdk';
import type { McpServers, RequestWorkspaceTrustResult } from '@wave-agent/shared-protocol';
import type { HostCommandHandler } from '../commands/command-context.js';
import {
  ACP_ERROR_CODES,
  acpError,
  invalidParams,
  promptRunning,
  unknownSession,
} from './acp-errors.js';
import { AcpSession } from './acp-session.js';
import type { AcpPeer } from './acp-session.js';
import { McpServersError, mcpServersFrom } from './mcp-servers.js';
import type { Opened, OpenPlan, SessionOpener } from './session-opener.js';
import type { UpdateContext } from './update-parts.js';

export interface AcpSessionsOptions {
  readonly opener: SessionOpener;
  readonly logger: Logger;
  readonly hostCommands: (workdir: string) => HostCommandHandler;
  readonly trustedFolders: string;
  /** The model's context window for a provider (usage_update). */
  readonly contextWindow: (provider: string) => number | undefined;
}

/** What session/new and session/load share. */
interface Where {
  readonly cwd: string;
  readonly mcpServers: readonly acp.McpServer[];
  readonly additionalDirectories?: readonly string[] | undefined;
}

function checkedWorkdir(method: string, cwd: string): string {
  if (!isAbsolute(cwd))
    throw invalidParams(`${method} needs cwd as an absolute path, not "${cwd.slice(0, 200)}".`);
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory())
    throw invalidParams(`${method}: cwd ${cwd.slice(0, 200)} is not an existing folder.`);
  return cwd;
}

function checkedServers(where: Where, method: string): McpServers {
  if ((where.additionalDirectories?.length ?? 0) > 0)
    throw invalidParams(
      `${method}: Wave works in one folder (cwd) and does not take additionalDirectories; open a thread per folder.`,
    );
  try {
    return mcpServersFrom(where.mcpServers);
  } catch (error) {
    if (error instanceof McpServersError) throw invalidParams(`${method}: ${error.message}`);
    throw error;
  }
}

/** Wave refused the id for a new session: a stored session has it. */
function isTakenId(error: unknown): boolean {
  return error instanceof RequestError && error.code === ACP_ERROR_CODES.resourceNotFound;
}

export class AcpSessions {
  private readonly open = new Map<string, AcpSession>();

  constructor(private readonly options: AcpSessionsOptions) {}

  async create(
    params: acp.NewSessionRequest,
    peer: AcpPeer,
    notices: boolean,
  ): Promise<AcpSession> {
    const workdir = checkedWorkdir('session/new', params.cwd);
    const mcpServers = checkedServers(params, 'session/new');
    const opened = await this.opened({ workdir, mcpServers });
    return this.adopt(opened, { workdir, mcpServers, loaded: false }, peer, notices);
  }

  async load(params: acp.LoadSessionRequest, peer: AcpPeer, notices: boolean): Promise<AcpSession> {
    const workdir = checkedWorkdir('session/load', params.cwd);
    const mcpServers = checkedServers(params, 'session/load');
    const held = this.open.get(params.sessionId);
    if (held) {
      if (held.busy) throw promptRunning(params.sessionId);
      return held;
    }
    const opened = await this.opened({ workdir, mcpServers, resumeId: params.sessionId });
    return this.adopt(opened, { workdir, mcpServers, loaded: true }, peer, notices);
  }

  get(sessionId: string): AcpSession {
    const session = this.open.get(sessionId);
    if (!session) throw unknownSession(sessionId);
    return session;
  }

  find(sessionId: string): AcpSession | undefined {
    return this.open.get(sessionId);
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.open.values()];
    this.open.clear();
    await Promise.all(
      sessions.map((session) =>
        session
          .close()
          .catch((error: unknown) =>
            this.options.logger.error(`Could not close session ${session.id}.`, error),
          ),
      ),
    );
  }

  private async opened(plan: OpenPlan): Promise<Opened> {
    try {
      return await this.options.opener.open(plan);
    } catch (error) {
      throw acpError(error);
    }
  }

  private adopt(
    opened: Opened,
    where: { workdir: string; mcpServers: McpServers; loaded: boolean },
    peer: AcpPeer,
    notices: boolean,
  ): AcpSession {
    const id = opened.handle.id;
    const state = opened.handle.getSnapshot();
    const context: UpdateContext = {
      workdir: where.workdir,
      notices,
      contextWindow: this.options.contextWindow(state.model.provider),
    };
    const session = new AcpSession({
      id,
      handle: opened.handle,
      peer,
      context,
      logger: this.options.logger,
      trustQuestion: opened.trustQuestion,
      reopen: (answer, permissionMode) => this.reopen(id, where, answer, permissionMode),
      hostCommands: this.options.hostCommands(where.workdir),
      trustedFolders: this.options.trustedFolders,
    });
    this.open.set(id, session);
    return session;
  }

  /**
   * The same session with the user's trust answer. A new session that never wrote its file
   * starts again under its id; one that did (a loaded one, or a mode was set) is resumed.
   */
  private async reopen(
    id: string,
    where: { workdir: string; mcpServers: McpServers; loaded: boolean },
    trust: RequestWorkspaceTrustResult,
    permissionMode: OpenPlan['permissionMode'],
  ) {
    const base = {
      workdir: where.workdir,
      mcpServers: where.mcpServers,
      trust,
      ...(permissionMode !== undefined ? { permissionMode } : {}),
    };
    if (!where.loaded) {
      try {
        return (await this.opened({ ...base, newSessionId: id })).handle;
      } catch (error) {
        if (!isTakenId(error)) throw error;
      }
    }
    return (await this.opened({ ...base, resumeId: id })).handle;
  }
}
