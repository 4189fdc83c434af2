// Opens Wave sessions for ACP through @wave-agent/client, the way every host does; the protocol
// server builds each agent from the same sources as `wave --stdio` (hostSessionOptions: flags,
// environment, the folder's settings). What only ACP knows at that moment — the MCP servers the
// editor handed over, the id a reopened session keeps, how to answer the folder's trust question
// — belongs to the one open in progress, so opens run one at a time. A first open answers the
// trust question "not now" and keeps it, to be asked at the first prompt (trust-question.ts).
import type { AgentOptions } from '@wave-agent/agent-sdk';
import type { SessionHandle, WaveClient } from '@wave-agent/client';
import { parseServerRequestParams } from '@wave-agent/shared-protocol';
import type {
  McpServers,
  PermissionMode,
  RequestWorkspaceTrustParams,
  RequestWorkspaceTrustResult,
} from '@wave-agent/shared-protocol';
import { NOT_TRUSTED } from './trust-question.js';

export interface OpenPlan {
  readonly workdir: string;
  readonly mcpServers: McpServers;
  /** Continue this stored session. */
  readonly resumeId?: string;
  /** Start the new session under this id (a reopen keeps its id). */
  readonly newSessionId?: string;
  readonly permissionMode?: PermissionMode;
  /** The user's answer to the trust question; absent: not asked yet, kept for later. */
  readonly trust?: RequestWorkspaceTrustResult;
}

export interface Opened {
  readonly handle: SessionHandle;
  /** What the folder asks for that is not answered yet (absent: nothing to ask). */
  readonly trustQuestion?: RequestWorkspaceTrustParams;
}

interface Opening {
  readonly plan: OpenPlan;
  asked?: RequestWorkspaceTrustParams;
}

export class SessionOpener {
  private current: Opening | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly client: () => WaveClient) {}

  /**
   * The agent's options for the open in progress: the editor's MCP servers join the user's own
   * (and a trusted project's) from the settings, over one of the same name — this session's word
   * is the newer one — and a reopen keeps its id.
   */
  agentOptions(base: AgentOptions): AgentOptions {
    const plan = this.current?.plan;
    if (!plan) return base;
    const mcpServers = { ...base.mcpServers, ...plan.mcpServers };
    return {
      ...base,
      ...(Object.keys(mcpServers).length > 0 ? { mcpServers } : {}),
      ...(plan.newSessionId !== undefined ? { newSessionId: plan.newSessionId } : {}),
    };
  }

  /** requestWorkspaceTrust, asked while a session opens. */
  answerTrust(params: unknown): RequestWorkspaceTrustResult {
    const opening = this.current;
    const parsed = parseServerRequestParams('requestWorkspaceTrust', params);
    if (!opening || !parsed.ok) return NOT_TRUSTED;
    if (opening.plan.trust) return opening.plan.trust;
    opening.asked = parsed.value;
    return NOT_TRUSTED;
  }

  open(plan: OpenPlan): Promise<Opened> {
    const run = async (): Promise<Opened> => {
      const opening: Opening = { plan };
      this.current = opening;
      try {
        const handle = await this.client().open({
          workdir: plan.workdir,
          ...(plan.resumeId !== undefined ? { sessionId: plan.resumeId } : {}),
          ...(plan.permissionMode !== undefined ? { permissionMode: plan.permissionMode } : {}),
        });
        return { handle, ...(opening.asked ? { trustQuestion: opening.asked } : {}) };
      } finally {
        this.current = undefined;
      }
    };
    const opened = this.queue.then(run, run);
    this.queue = opened.catch(() => undefined);
    return opened;
  }
}
