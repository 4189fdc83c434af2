// One ACP session: a Wave session (a handle of @wave-agent/client) and what the editor sees of
// it. Every event of the session goes through the live-update table; updates reach the editor
// while a prompt runs (or a load replays), and never after the prompt's answer — between prompts
// only a mode change is news. Permission questions become session/request_permission, the
// folder's trust question is asked at the first prompt, and session/cancel ends the prompt with
// `cancelled` once Wave has stopped.
import type * as acp from '@agentclientprotocol/sdk';
import { INTERRUPTED_NOTICE } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import type { SessionHandle } from '@wave-agent/client';
import type {
  AgentEvent,
  PermissionMode,
  RequestWorkspaceTrustParams,
  RequestWorkspaceTrustResult,
  SessionState,
} from '@wave-agent/shared-protocol';
import type { HostCommandHandler } from '../commands/command-context.js';
import type { CommandContext } from './acp-commands.js';
import { ACP_COMMANDS, availableCommands, commandFor } from './acp-commands.js';
import { invalidParams, promptRunning } from './acp-errors.js';
import { LiveUpdates } from './live-updates.js';
import { modeState, permissionModeOf } from './modes.js';
import { PermissionBridge } from './permission-bridge.js';
import { QuestionBridge } from './question-bridge.js';
import { PromptContentError, promptContent } from './prompt-text.js';
import type { PromptContent } from './prompt-text.js';
import { PromptRun } from './prompt-run.js';
import { replayUpdates } from './replay.js';
import {
  NOT_TRUSTED,
  trustAnswerOf,
  trustRequest,
  trustSettled,
  trustToolCall,
} from './trust-question.js';
import type { AcpPeer } from './acp-peer.js';
import { chunkUpdate, noticeUpdate } from './update-parts.js';
import type { SessionUpdate, UpdateContext } from './update-parts.js';
import { errorText, RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';

export type { AcpPeer } from './acp-peer.js';

/** Opens the session again under its id, with the user's trust answer. */
export type Reopen = (
  answer: RequestWorkspaceTrustResult,
  permissionMode: PermissionMode | undefined,
) => Promise<SessionHandle>;

export interface AcpSessionOptions {
  readonly id: string;
  readonly handle: SessionHandle;
  readonly peer: AcpPeer;
  readonly context: UpdateContext;
  readonly logger: Logger;
  /** What the folder's files ask for that no one has answered yet: asked at the first prompt. */
  readonly trustQuestion: RequestWorkspaceTrustParams | undefined;
  readonly reopen: Reopen;
  /** What only the CLI does for a command (saving /model NAME --save). */
  readonly hostCommands: HostCommandHandler;
  /** Where a remembered trust is kept, to say so. */
  readonly trustedFolders: string;
}

export class AcpSession {
  readonly id: string;
  private handle: SessionHandle;
  private state: SessionState;
  private live: LiveUpdates;
  private unsubscribe: () => void;
  private run: PromptRun | undefined;
  private trustQuestion: RequestWorkspaceTrustParams | undefined;
  /** The mode the user chose here, which a reopen keeps. */
  private chosenMode: PermissionMode | undefined;
  private readonly permissions: PermissionBridge;
  private readonly questions: QuestionBridge;
  private replies = 0;
  /** The commands last offered to the editor, as JSON; undefined until they were offered. */
  private offeredCommands: string | undefined;

  constructor(private readonly options: AcpSessionOptions) {
    this.id = options.id;
    this.trustQuestion = options.trustQuestion;
    this.handle = options.handle;
    this.state = options.handle.getSnapshot();
    this.live = new LiveUpdates(options.context);
    this.permissions = new PermissionBridge({
      sessionId: options.id,
      workdir: options.context.workdir,
      peer: options.peer,
      logger: options.logger,
    });
    this.questions = new QuestionBridge({
      sessionId: options.id,
      peer: options.peer,
      logger: options.logger,
    });
    this.unsubscribe = this.listen(options.handle);
  }

  /**
   * Tells the editor the commands (available_commands_update), once it has the session's id,
   * and again whenever they change: MCP servers bring their prompts when they connect, which
   * is usually after the session was answered.
   */
  offerCommands(): void {
    const snapshot = this.handle.getSnapshot();
    const commands = availableCommands(snapshot.context, snapshot.mcpServers);
    this.offeredCommands = JSON.stringify(commands);
    this.send({ sessionUpdate: 'available_commands_update', availableCommands: commands });
  }

  get modes(): acp.SessionModeState {
    return modeState(this.state.permissionMode);
  }

  get busy(): boolean {
    return this.run !== undefined;
  }

  /** session/load: the stored conversation as updates, sent before the load is answered. */
  replay(): void {
    for (const update of replayUpdates(this.state, this.options.context)) this.send(update);
  }

  async prompt(blocks: readonly acp.ContentBlock[]): Promise<acp.PromptResponse> {
    if (this.run) throw promptRunning(this.id);
    let content: PromptContent;
    try {
      content = promptContent(blocks);
    } catch (error) {
      if (error instanceof PromptContentError) throw invalidParams(error.message);
      throw error;
    }
    const { text } = content;
    const run = new PromptRun();
    this.run = run;
    try {
      await this.settleTrust(run);
      if (run.cancelled) return { stopReason: 'cancelled' };
      const plan = commandFor(text);
      if (plan?.kind === 'elsewhere') {
        this.reply(plan.text);
        return { stopReason: 'end_turn' };
      }
      if (plan?.kind === 'run') {
        await this.runCommand(run, plan.command.name, plan.args);
        return { stopReason: run.cancelled ? 'cancelled' : 'end_turn' };
      }
      run.expectTurn();
      await this.sendPrompt(content);
      return { stopReason: await run.stopReason() };
    } finally {
      // From here on nothing of this prompt reaches the editor: its answer is the last word.
      this.run = undefined;
    }
  }

  /** The prompt's text and images; an image Wave refuses (the model takes none) is the client's error. */
  private async sendPrompt({ text, attachments }: PromptContent): Promise<void> {
    try {
      await this.handle.request('sendMessage', {
        text,
        ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
      });
    } catch (error) {
      if (error instanceof RpcError && error.code === RPC_ERROR_CODES.invalidParams)
        throw invalidParams(error.message);
      throw error;
    }
  }

  /** session/cancel: stops what the prompt started; the prompt answers once Wave has stopped. */
  cancel(): void {
    const run = this.run;
    if (!run) return;
    run.cancel();
    const btw = this.state.btw;
    if (btw?.stage === 'answering')
      void this.handle
        .closeBtw(btw.btwId)
        .catch((error: unknown) => this.failed('stop /btw', error));
    void this.handle.abort().catch((error: unknown) => this.failed('stop the turn', error));
  }

  async setMode(modeId: string): Promise<void> {
    const mode = permissionModeOf(modeId);
    if (mode === undefined)
      throw invalidParams(
        `"${modeId.slice(0, 80)}" is not a mode of Wave; use one of ${this.modes.availableModes.map((m) => m.id).join(', ')}.`,
      );
    this.chosenMode = mode;
    await this.handle.setPermissionMode(mode);
  }

  /** Ends the session for good (its file keeps the conversation). */
  async close(): Promise<void> {
    this.run?.abandon();
    this.unsubscribe();
    this.permissions.withdrawAll();
    this.questions.withdrawAll();
    await this.handle.close();
  }

  private listen(handle: SessionHandle): () => void {
    return handle.onEvent((event, after) => this.observe(event, after));
  }

  private observe(event: AgentEvent, after: SessionState): void {
    const before = this.state;
    this.state = after;
    this.run?.observe(event);
    if (event.type === 'permissionRequested') this.permissions.ask(event, this.handle, after);
    if (event.type === 'permissionResolved') this.permissions.withdraw(event.requestId);
    if (event.type === 'userQuestionAsked')
      this.questions.ask(event, this.handle, event.messageId ?? '');
    if (event.type === 'userQuestionAnswered') this.questions.withdraw(event.requestId);
    if (this.run?.cancelled && isInterruptedNotice(event)) return;
    for (const update of this.live.updatesFor(event, before, after))
      if (this.run || update.sessionUpdate === 'current_mode_update') this.send(update);
    if (
      this.offeredCommands !== undefined &&
      (after.mcpServers !== before.mcpServers || after.context !== before.context) &&
      JSON.stringify(availableCommands(after.context, after.mcpServers)) !== this.offeredCommands
    )
      this.offerCommands();
  }

  private send(update: SessionUpdate): void {
    this.options.peer.send(this.id, update);
  }

  /** Wave's words in the thread, as a message of their own. */
  private reply(text: string): void {
    this.replies += 1;
    this.send(chunkUpdate('text', `${this.id}/reply-${this.replies}`, `${text}\n`));
  }

  private failed(what: string, error: unknown): void {
    this.options.logger.error(`Session ${this.id}: could not ${what}: ${errorText(error)}`);
  }

  /** The folder's trust question, once, before the first prompt's work. */
  private async settleTrust(run: PromptRun): Promise<void> {
    const question = this.trustQuestion;
    if (!question) return;
    this.trustQuestion = undefined;
    const toolCallId = `${this.id}/workspace-trust`;
    this.send(trustToolCall(toolCallId, question));
    const answer = await this.options.peer
      .requestPermission(trustRequest(this.id, toolCallId, question), run.abort.signal)
      .then(trustAnswerOf, (error: unknown) => {
        this.options.logger.warn(
          `The editor could not answer whether to trust ${question.workdir} (${errorText(error)}); not trusted.`,
        );
        return NOT_TRUSTED;
      });
    const trusted = answer.trusted && !run.cancelled ? answer : NOT_TRUSTED;
    this.send(trustSettled(toolCallId, trusted, this.options.trustedFolders));
    if (trusted.trusted) await this.reopenWith(trusted);
  }

  /**
   * The session's agent again, now with the folder's settings the user trusted. The first agent
   * goes first (the new one takes its id). If the trusted settings cannot start an agent (a bad
   * endpoint, say), the user hears why and the session goes on without them.
   */
  private async reopenWith(answer: RequestWorkspaceTrustResult): Promise<void> {
    const modeBefore = this.state.permissionMode;
    this.unsubscribe();
    await this.handle.close();
    let handle: SessionHandle;
    try {
      handle = await this.options.reopen(answer, this.chosenMode);
    } catch (error) {
      this.send(
        noticeUpdate(
          this.options.context,
          `${this.id}/trust-failed`,
          'warning',
          `Wave could not start with the folder's settings (${errorText(error)}); it goes on without them.`,
        ),
      );
      handle = await this.options.reopen(NOT_TRUSTED, this.chosenMode);
    }
    this.handle = handle;
    this.state = handle.getSnapshot();
    this.live = new LiveUpdates(this.options.context);
    this.unsubscribe = this.listen(handle);
    if (this.state.permissionMode !== modeBefore)
      this.send({ sessionUpdate: 'current_mode_update', currentModeId: this.state.permissionMode });
  }

  private async runCommand(run: PromptRun, name: string, args: string): Promise<void> {
    const command = ACP_COMMANDS.find((known) => known.name === name);
    if (!command) return;
    let aside: Promise<string> | undefined;
    const context: CommandContext = {
      session: this.handle,
      args,
      commands: ACP_COMMANDS,
      print: (text, level) =>
        level === 'warning' || level === 'error'
          ? this.send(
              noticeUpdate(this.options.context, `${this.id}/reply-${++this.replies}`, level, text),
            )
          : this.reply(text),
      askHost: async (hostName, hostArgs) =>
        (await this.options.hostCommands({ name: hostName, args: hostArgs })) ?? {},
      exit: () => undefined,
      messages: this.state.conversation.messages,
      running: this.state.status.type === 'running',
      choose: () => Promise.resolve(undefined),
      askAside: (question) => {
        aside = this.handle.askBtw(question);
      },
      offerPromptText: () => false,
    };
    await command.run(context);
    if (aside) await this.sideAnswer(run, await aside);
  }

  /** A /btw answer streams as a message of its own; the prompt ends with it. */
  private sideAnswer(run: PromptRun, btwId: string): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        const btw = this.state.btw;
        return run.cancelled || btw?.btwId !== btwId || btw.stage !== 'answering';
      };
      if (done()) return resolve();
      const stop = this.handle.onEvent(() => {
        if (!done()) return;
        stop();
        resolve();
      });
      run.abort.signal.addEventListener('abort', () => {
        stop();
        resolve();
      });
    });
  }
}

/**
 * Wave's "Interrupted" line after session/cancel: the prompt's stopReason `cancelled` tells the
 * editor, and a client without notices would show the line as part of the model's reply. The
 * model still hears of the interruption on its next call (the notice stays in the session).
 */
function isInterruptedNotice(event: AgentEvent): boolean {
  return event.type === 'noticeAdded' && event.message === INTERRUPTED_NOTICE;
}
