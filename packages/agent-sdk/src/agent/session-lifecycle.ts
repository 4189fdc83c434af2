// Which session an Agent holds: a new empty one (/clear) or a stored one (resume, restore). A
// switch first brings the old one to rest, so nothing of it lands in the next; the MCP servers of
// the process stay as they are (a /clear gives the HTTP ones with sessions a new session), and
// its background commands stop (and say so).
import { initialSessionState } from '@wave-agent/shared-protocol';
import type { SessionModel, SessionState } from '@wave-agent/shared-protocol';
import { newSessionId } from '../session/session-id.js';
import type { RestoreResult } from './agent-options.js';
import type { AgentParts } from './agent-parts.js';
import { notice } from './notices.js';

/** What a switch of session touches: the session's file and state, and what runs in it. */
export type SessionLifecycleParts = Pick<
  AgentParts,
  | 'options'
  | 'workdir'
  | 'hub'
  | 'store'
  | 'models'
  | 'hooks'
  | 'context'
  | 'turns'
  | 'sideQuestions'
  | 'background'
  | 'mcp'
>;

export class SessionLifecycle {
  constructor(private readonly parts: SessionLifecycleParts) {}

  /** A new, empty conversation; the old session stays on disk. */
  async clear(): Promise<void> {
    await this.stopAndSettle();
    const { store, hub, models, workdir, hooks } = this.parts;
    await hooks.sessionEnd('clear');
    const sessionId = newSessionId();
    store.startFresh(sessionId);
    this.replaceSession(
      initialSessionState({
        sessionId,
        workdir,
        permissionMode: hub.state.permissionMode,
        effort: hub.state.effort,
        model: models.sessionModel,
        models: models.configured,
      }),
    );
    // Its streamable HTTP servers start a new session too (the old one ended with a DELETE).
    await this.parts.mcp.renewHttpSessions();
    void hooks.sessionStart('clear');
  }

  /** Continues a stored session of this working directory, replacing the current one. */
  async restore(sessionId: string): Promise<RestoreResult> {
    await this.stopAndSettle();
    const restored = this.openStored(sessionId);
    void this.parts.hooks.sessionStart('resume');
    return restored;
  }

  /**
   * Switches to a stored session at once (the agent is idle: it was just made, or settled).
   * `fork` goes on in a copy under the session id the agent already has.
   */
  openStored(sessionId: string, how: 'continue' | 'fork' = 'continue'): RestoreResult {
    const { store, hub, models, workdir, options } = this.parts;
    const storedAs = how === 'fork' ? hub.state.sessionId : sessionId;
    const restored = store.openStored(sessionId, storedAs, {
      workdir,
      permissionMode: hub.state.permissionMode,
      // The session's own effort (its last effortChanged) comes back, unless this run names one.
      effort: hub.state.effort,
      model: models.sessionModel,
      models: models.configured,
    });
    const putBack = this.putBackSwitchedModel(restored.switchedModel);
    this.replaceSession({
      ...restored.state,
      model: models.sessionModel,
      ...(options.effort ? { effort: options.effort } : {}),
    });
    for (const event of restored.repairs) hub.emit(event);
    for (const problem of restored.problems) hub.emit(notice('warning', problem));
    if (putBack) hub.emit(notice('warning', putBack));
    return { sessionId: storedAs, problems: restored.problems };
  }

  /**
   * The session's own choice of model (ARCHITECTURE §2.12): the model it was switched to is put
   * back, unless this run names its model (--model, initialize's `model`). Returns a sentence when
   * it cannot be.
   */
  private putBackSwitchedModel(recorded: SessionModel | undefined): string | undefined {
    const { models, options } = this.parts;
    if (recorded === undefined || options.model?.trim()) return undefined;
    const result = models.putBack(recorded);
    if ('model' in result) return undefined;
    const current = models.sessionModel;
    return `This session was using ${described(recorded)}; ${result.problem} It goes on with ${current.name ?? current.model}; /model switches.`;
  }

  /** The session ends (destroy, /clear, another one restored): its background commands stop, and it says so. */
  endBackgroundCommands(): void {
    const stopped = this.parts.background.stopAll();
    if (stopped.length === 0) return;
    const what =
      stopped.length === 1 ? 'a background command' : `${stopped.length} background commands`;
    this.parts.hub.emit(
      notice('info', `Stopped ${what} as the session ended: ${stopped.join(', ')}`),
    );
  }

  private async stopAndSettle(): Promise<void> {
    const { turns, sideQuestions } = this.parts;
    turns.queue.cancelAll();
    turns.abort();
    sideQuestions.closeAll();
    await turns.settled();
    this.endBackgroundCommands();
  }

  /**
   * Another conversation; the MCP servers, the sandbox and the hooks of this process stay as they
   * are, the files are read again.
   */
  private replaceSession(state: SessionState): void {
    const { hub, context } = this.parts;
    const { info } = context.reload();
    const { mcpServers, sandbox, hooks } = hub.state;
    hub.replace({
      ...state,
      mcpServers,
      context: info,
      ...(sandbox ? { sandbox } : {}),
      ...(hooks ? { hooks } : {}),
    });
  }
}

/** "fast (openai gpt-4.1-mini)", or the model id alone. */
function described(model: SessionModel): string {
  return model.name === undefined || model.name === model.model
    ? model.model
    : `${model.name} (${model.provider} ${model.model})`;
}
