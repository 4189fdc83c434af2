// The Agent: the one object an SDK consumer holds. It owns a session (its state is made by the
// shared session reducer from the events it emits), runs turns, and tells subscribers every
// event. The class is the public surface only: `buildAgent` wires its parts, `TurnAssembly` runs
// its turns, `SessionLifecycle` switches its session (ARCHITECTURE §5).
import { resolve } from 'node:path';
import type {
  AttachmentInput,
  ConversationState,
  EffortLevel,
  Message,
  PermissionDecision as WireDecision,
  PermissionMode,
  QueuedMessage,
  SessionState,
  Usage,
  UserAnswer,
} from '@wave-agent/shared-protocol';
import type { AgentOptions, RestoreResult, TurnResult } from './agent/agent-options.js';
import type { AgentParts } from './agent/agent-parts.js';
import { registerParts } from './agent/agent-parts.js';
import { pluginMcpServers } from './plugins/plugin-parts.js';
import { buildAgent } from './agent/build-agent.js';
import type { CompactionOutcome } from './agent/compactor.js';
import { rewind } from './agent/rewind.js';
import type { RewindRestore, RewindResult } from './agent/rewind.js';
import { SessionLifecycle } from './agent/session-lifecycle.js';
import { TurnAssembly } from './agent/turn-assembly.js';
import type { AgentEventListener } from './events/callbacks.js';
import type { ResolvedProvider } from './model/provider-settings.js';
import { usesEffort } from './model/thinking/effort-tuning.js';
import { resolveWaveHome } from './session/session-paths.js';
import { listSessions } from './session/session-summary.js';
import type { ListedSessions } from './session/session-summary.js';

export type { AgentOptions, RestoreResult, TurnResult } from './agent/agent-options.js';

/** What a message carries beside its text. */
export interface SendOptions {
  /** Work-folder files (whole or some lines) and images' bytes, as a host attaches them. */
  readonly attachments?: readonly AttachmentInput[];
}
export type { RewindRestore, RewindResult } from './agent/rewind.js';

export class Agent {
  private readonly assembly: TurnAssembly;
  private readonly lifecycle: SessionLifecycle;
  private mcpClosed: Promise<void> | undefined;
  private destroyed = false;
  private sessionEnded = false;

  private constructor(private readonly parts: AgentParts) {
    registerParts(this, parts);
    this.assembly = new TurnAssembly(parts);
    this.lifecycle = new SessionLifecycle(parts);
  }

  /** Resolves the model from options, env and settings; throws a ConfigError that says what to do. */
  // eslint-disable-next-line @typescript-eslint/require-await -- async so every failure is a rejection
  static async create(options: AgentOptions = {}): Promise<Agent> {
    const agent = new Agent(buildAgent(options));
    if (options.resumeSessionId) {
      try {
        agent.lifecycle.openStored(
          options.resumeSessionId,
          options.forkSession === true ? 'fork' : 'continue',
        );
      } catch (error) {
        agent.destroy(); // Nothing of a half-made agent outlives the failure.
        throw error;
      }
    }
    // In the background: a turn waits for servers still starting (bounded), nothing else does.
    const relayed = Object.entries(options.relayedMcpServers ?? {}).map(
      ([name, relay]) => [name, { type: 'sdk', relay }] as const,
    );
    agent.parts.mcp.start({
      ...pluginMcpServers(options.plugins ?? []),
      ...options.mcpServers,
      ...Object.fromEntries(relayed),
    });
    // So do the session's SessionStart hooks: the first turn waits for them.
    void agent.parts.hooks.sessionStart(options.resumeSessionId ? 'resume' : 'startup');
    return agent;
  }

  /** Sessions stored for a working directory, newest first. */
  static listSessions(
    options: {
      workdir?: string;
      waveHome?: string;
      env?: Readonly<Record<string, string | undefined>>;
    } = {},
  ): ListedSessions {
    return listSessions(
      options.waveHome ?? resolveWaveHome(options.env ?? process.env),
      resolve(options.workdir ?? process.cwd()),
    );
  }

  // --- What the session holds now.

  /** The whole session: conversation, status, questions, queue, mode, model, usage, /btw. */
  get sessionState(): SessionState {
    return this.parts.hub.state;
  }

  /** The sequence number of the last event emitted; `sessionState` includes every event up to it. */
  get seq(): number {
    return this.parts.hub.seq;
  }

  /** The conversation alone (its messages and their blocks): `sessionState.conversation`. */
  get conversation(): ConversationState {
    return this.parts.hub.state.conversation;
  }

  get messages(): readonly Message[] {
    return this.parts.hub.state.conversation.messages;
  }

  get sessionId(): string {
    return this.parts.hub.state.sessionId;
  }

  /** Where tools work (absolute). */
  get workdir(): string {
    return this.parts.workdir;
  }

  get waveHome(): string {
    return this.parts.waveHome;
  }

  /** The provider and model in use, and why they were chosen. */
  get provider(): ResolvedProvider {
    return this.parts.models.resolved;
  }

  /** Where this session is (or will be, from its first event) stored; undefined when not persisted. */
  get sessionPath(): string | undefined {
    return this.parts.store.path;
  }

  /** Tokens the providers reported for this session's model calls. */
  get usage(): Usage {
    return this.parts.hub.state.usage.total;
  }

  get isRunning(): boolean {
    return this.parts.turns.isRunning;
  }

  get permissionMode(): PermissionMode {
    return this.parts.hub.state.permissionMode;
  }

  /** The built-in tools and those of the MCP servers connected now. */
  get toolNames(): readonly string[] {
    return this.parts.toolbox.current().map((tool) => tool.name);
  }

  get queuedMessages(): readonly QueuedMessage[] {
    return this.parts.hub.state.queue;
  }

  /** Every event, in order, with its sequence number; returns an unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void {
    return this.parts.hub.subscribe(listener);
  }

  listSessions(): ListedSessions {
    return listSessions(this.parts.waveHome, this.parts.workdir);
  }

  // --- Turns.

  /**
   * Sends a user message and resolves when its whole turn (all tool rounds) has ended. While a
   * turn runs, the message is queued and sent when the turns before it have ended. `@path`
   * mentions in the text and the `attachments` given are attached to it. Throws at once (an
   * AttachmentRefused) when an image cannot go: not the image it claims to be, too large, or
   * the model in use takes no images (a mentioned image file too); nothing is sent then.
   */
  sendMessage(text: string, options: SendOptions = {}): Promise<TurnResult> {
    this.assertAlive();
    const attachments = this.parts.attachments.accept(text, options.attachments ?? []);
    return this.assembly.send(text, attachments);
  }

  /** Runs `!command` as a user message with a live bang block; resolves with its exit code. */
  async runBang(command: string): Promise<number | null> {
    this.assertAlive();
    return await this.assembly.bang(command);
  }

  /** Folds the model context into a summary; the display keeps every message. */
  async compact(instructions?: string): Promise<CompactionOutcome> {
    this.assertAlive();
    return await this.assembly.compact(instructions);
  }

  /** Stops the running turn (or bang, or compaction); its partial content stays, well formed. */
  abortMessage(): void {
    this.parts.turns.abort();
  }

  /** Resolves when the running turn (if any) has wound down. */
  whenIdle(): Promise<void> {
    return this.parts.turns.settled();
  }

  editQueuedMessage(id: string, text: string): boolean {
    return this.parts.turns.queue.edit(id, text);
  }

  removeQueuedMessage(id: string): boolean {
    return this.parts.turns.queue.remove(id);
  }

  // --- Settings of the session.

  /**
   * Switches the model for the rest of this session: a configured model by name (its own
   * provider, endpoint and key), or another model id of the current provider (same endpoint and
   * key); the next model call uses it. Throws a sentence when it cannot (a configured model
   * whose key is not set; the demo has only its one model).
   */
  setModel(model: string): void {
    const { hub, models } = this.parts;
    hub.emit({ type: 'modelChanged', ...models.switchTo(model) });
    // A configured model with its own effort brings it along.
    const { effort } = models.resolved;
    if (effort !== undefined && effort !== hub.state.effort)
      hub.emit({ type: 'effortChanged', effort });
  }

  /**
   * How hard the model thinks from the next model call on. Answers a sentence when the current
   * model has no thinking to set (the level is kept for a model that has).
   */
  setEffort(effort: EffortLevel): { effort: EffortLevel; note?: string } {
    const { hub, models } = this.parts;
    if (hub.state.effort !== effort) hub.emit({ type: 'effortChanged', effort });
    if (usesEffort(models.resolved)) return { effort };
    return {
      effort,
      note: `${models.resolved.model} has no extended thinking or reasoning effort Wave can set; the level applies to the models that have it.`,
    };
  }

  /**
   * Stops an MCP server of this session (if it runs) and starts it again with its configuration;
   * its status events say how it went. Throws a sentence for a name the session has none of.
   */
  async restartMcpServer(server: string): Promise<void> {
    this.assertAlive();
    await this.parts.mcp.restart(server);
  }

  setPermissionMode(mode: PermissionMode): void {
    this.parts.permissions.setMode(mode);
    if (this.parts.hub.state.permissionMode !== mode)
      this.parts.hub.emit({ type: 'permissionModeChanged', mode });
  }

  /**
   * Answers the model's waiting question or plan (`state.userQuestions`); false when it no
   * longer waits. Throws a sentence when the answer does not fit the question.
   */
  answerUserQuestion(requestId: string, answer: UserAnswer): boolean {
    const { questions } = this.parts;
    if (!questions) return false;
    return questions.answer(requestId, answer);
  }

  /** Answers a waiting permission question; false when it no longer waits. */
  answerPermission(requestId: string, decision: WireDecision, reason?: string): boolean {
    return this.parts.desk.answer(requestId, decision, reason);
  }

  // --- The session itself.

  /**
   * Starts a new, empty conversation; the old session stays on disk. A running turn is aborted
   * and allowed to wind down first, so its last events land in the old session, not the new one.
   */
  async clear(): Promise<void> {
    this.assertAlive();
    await this.lifecycle.clear();
  }

  /** Continues a stored session of this working directory, replacing the current one. */
  async restoreSession(sessionId: string): Promise<RestoreResult> {
    this.assertAlive();
    return await this.lifecycle.restore(sessionId);
  }

  /**
   * Rewinds to before the last occurrence of a user message: the conversation is cut there
   * and/or the files Wave changed since are put back (never over changes made outside Wave).
   * `requestId` travels with the cut, so the host that asked knows it answers its request.
   */
  rewind(messageId: string, restore: RewindRestore = 'both', requestId?: string): RewindResult {
    this.assertAlive();
    const { hub, store, turns } = this.parts;
    return rewind(hub, store.checkpoints, turns.isRunning, {
      messageId,
      restore,
      ...(requestId !== undefined ? { requestId } : {}),
    });
  }

  /**
   * /btw: answers a side question from a fork of the current context, without tools. The answer
   * streams as btwStarted / btwUpdated / btwEnded events (and in `sessionState.btw`), never into
   * the conversation. Returns the id those events carry.
   */
  askBtw(question: string): string {
    this.assertAlive();
    return this.parts.sideQuestions.ask(question);
  }

  /** Puts the /btw answer away, stopping it if it is still coming; false for another id. */
  closeBtw(btwId: string): boolean {
    return this.parts.sideQuestions.close(btwId);
  }

  /**
   * Runs the SessionEnd hooks, once, while the session and its file are still open (so their
   * runs are kept and every host sees them). `close` does it too; a host that destroys the
   * agent itself calls this first.
   */
  async endSession(): Promise<void> {
    if (this.destroyed || this.sessionEnded) return;
    this.sessionEnded = true;
    await this.parts.hooks.sessionEnd('other');
  }

  /** Aborts any turn, stops the MCP servers and closes the session file. */
  destroy(): void {
    if (!this.destroyed) this.lifecycle.endBackgroundCommands();
    this.parts.turns.stop();
    this.parts.sideQuestions.closeAll();
    this.parts.hooks.close();
    this.mcpClosed ??= this.parts.mcp.closeAll();
    this.destroyed = true;
    this.parts.sandbox.close();
    this.parts.store.close();
  }

  /** Like destroy, and resolves when every MCP server has stopped (its process too). */
  async close(): Promise<void> {
    await this.endSession();
    this.destroy();
    await this.mcpClosed;
  }

  private assertAlive(): void {
    if (this.destroyed) throw new Error('This agent was destroyed; create a new one.');
  }
}
