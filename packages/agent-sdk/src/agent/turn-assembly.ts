// Assembles the turns an Agent runs, one at a time through the TurnRunner: a user's message (the
// model, its tools, subagents for Task calls), a `!command`, and a compaction. The file
// checkpoints of /rewind are taken around the turns that change files.
import { askSideModel } from './ask-side-model.js';
import { searchBackend } from '../tools/web/search-backends.js';
import { anthropicSearch } from '../tools/web/anthropic-search.js';
import { randomUUID } from 'node:crypto';
import type { AgentEvent, PermissionMode } from '@wave-agent/shared-protocol';
import { pendingName } from '../attachments/attachments.js';
import type { PendingAttachment } from '../attachments/attachments.js';
import { runBang } from '../bang/run-bang.js';
import type { TurnHooks } from '../hooks/turn-hooks.js';
import { runTurn } from '../loop/turn-loop.js';
import type { TurnLoopDeps, TurnOutcome } from '../loop/turn-loop.js';
import { titleOf } from '../session/session-summary.js';
import { measureContext } from '../context/context-measure.js';
import { modelIdOf } from '../model/model-call.js';
import { toolsFor } from '../subagents/agent-types.js';
import { runSubagent } from '../subagents/run-subagent.js';
import { threadOf } from '../subagents/thread-of.js';
import type { ToolResult } from '../tools/tool.js';
import type { SubagentRequest, ToolSession, UserAsking } from '../tools/tool-session.js';
import type { TurnResult } from './agent-options.js';
import type { AgentParts } from './agent-parts.js';
import type { CompactionOutcome } from './compactor.js';
import type { ModelInUse } from './model-choice.js';
import { ZERO_USAGE } from './turn-runner.js';
import {
  errorText,
  findMentions,
  mcpResourceOf,
  parseSlashCommand,
} from '@wave-agent/shared-protocol';
import { readMentionedResources } from '../mcp/mcp-resource-text.js';

function withHooks(hooks: TurnHooks | undefined): { hooks?: TurnHooks } {
  return hooks ? { hooks } : {};
}

/**
 * What a turn is made of; it leaves alone the permission desk, the rules, the sandbox (the
 * permission policy holds them), side questions and the context shelf.
 */
export type TurnAssemblyParts = Pick<
  AgentParts,
  | 'options'
  | 'logger'
  | 'workdir'
  | 'hub'
  | 'store'
  | 'turns'
  | 'models'
  | 'limits'
  | 'permissions'
  | 'compactor'
  | 'toolbox'
  | 'background'
  | 'mcp'
  | 'agentTypes'
  | 'hooks'
  | 'commands'
  | 'attachments'
  | 'questions'
  | 'planFile'
>;

export class TurnAssembly {
  constructor(private readonly parts: TurnAssemblyParts) {}

  /** Runs the message's turn now, or queues it behind the running one (with its attachments). */
  send(text: string, attachments: readonly PendingAttachment[] = []): Promise<TurnResult> {
    const { turns } = this.parts;
    if (!turns.isRunning) return this.userTurn(text, attachments);
    return new Promise<TurnResult>((settle) => {
      turns.queue.add(
        text,
        {
          start: (queuedText) =>
            void this.userTurn(queuedText, attachments).then(settle, (error: unknown) =>
              settle({
                stopReason: 'error',
                error: errorText(error),
                usage: ZERO_USAGE,
                durationMs: 0,
              }),
            ),
          cancel: () => settle({ stopReason: 'removed', usage: ZERO_USAGE, durationMs: 0 }),
        },
        attachments.map(pendingName),
      );
    });
  }

  /** `!command` as a user message with a live bang block; resolves with its exit code. */
  async bang(command: string): Promise<number | null> {
    const { turns, workdir } = this.parts;
    const { result } = await turns.run(
      'command',
      (signal) =>
        this.withCheckpoints(randomUUID(), (messageId, checkpoints) =>
          runBang({
            messageId,
            command,
            workdir,
            signal,
            emit: (event) => this.emitFromTurn(event),
            now: Date.now,
            launcher: () =>
              this.parts.permissions.launcherForUserCommand(messageId, command, signal),
            ...(checkpoints ? { beforeExecute: () => checkpoints.beforeExecute() } : {}),
          }),
        ),
      (_code, signal) => ({ stopReason: signal.aborted ? 'aborted' : 'end_turn' }),
    );
    return result;
  }

  /** Folds the model context into a summary; the display keeps every message. */
  async compact(instructions?: string): Promise<CompactionOutcome> {
    const { turns, compactor } = this.parts;
    const { result } = await turns.run(
      'compaction',
      (signal) => compactor.compact(signal, instructions, 'manual'),
      (outcome, signal) => {
        if (outcome.ok) return { stopReason: 'end_turn' };
        if (signal.aborted) return { stopReason: 'aborted' };
        return { stopReason: 'error', error: outcome.error ?? 'Compaction failed.' };
      },
    );
    return result;
  }

  private async userTurn(text: string, pending: readonly PendingAttachment[]): Promise<TurnResult> {
    const { summary } = await this.parts.turns.run(
      'reply',
      (signal) =>
        this.withCheckpoints(
          randomUUID(),
          async (userMessageId, checkpoints): Promise<TurnOutcome> => {
            const { hooks } = this.parts;
            await hooks.ready();
            // A prompt a hook blocks is not sent; the hook's run in the conversation says why.
            if ((await hooks.userPromptSubmit(text, signal)).blocked)
              return { stopReason: 'end_turn' };
            // An MCP prompt's or mentioned resource's server may still be starting: it gets its
            // bounded time first.
            if (this.namesMcpServer(text)) await this.parts.mcp.ready(signal);
            // A custom command (`/review 12`) or an MCP prompt becomes its prompt for the model.
            const prepared = await this.parts.commands
              .prepare(text, signal)
              .catch((error: unknown) => {
                // Said in the conversation too: a host that sent the text learns why no reply came.
                this.emitFromTurn({
                  type: 'noticeAdded',
                  messageId: randomUUID(),
                  createdAt: Date.now(),
                  level: 'warning',
                  message: errorText(error),
                });
                throw error;
              });
            try {
              const chosen =
                prepared.model !== undefined
                  ? this.parts.models.modelNamed(prepared.model)
                  : undefined;
              // The files it names are read now: a queued message attaches them as they are then.
              const servers = this.parts.hub.state.mcpServers;
              const attached = await this.parts.attachments.attach(
                text,
                pending,
                (path) => mcpResourceOf(path, servers) !== undefined,
              );
              // `@server:uri` mentions: the resources, read from their servers, follow the text.
              const resources = await readMentionedResources(
                text,
                servers,
                (server, uri, readSignal) => this.parts.mcp.readResource(server, uri, readSignal),
                signal,
              );
              const toModel =
                resources.sections.length > 0
                  ? [prepared.toModel ?? text, ...resources.sections].join('\n\n')
                  : prepared.toModel;
              this.emitFromTurn({
                type: 'userMessageAdded',
                message: {
                  id: userMessageId,
                  role: 'user',
                  createdAt: Date.now(),
                  blocks: [
                    { type: 'text', content: text, stage: 'end', ...(toModel ? { toModel } : {}) },
                    ...attached.blocks,
                  ],
                },
              });
              // What could not be attached is said, to the user and the model; the message goes.
              for (const sentence of [...attached.notices, ...resources.notices])
                this.emitFromTurn({
                  type: 'noticeAdded',
                  messageId: randomUUID(),
                  createdAt: Date.now(),
                  level: 'warning',
                  message: sentence,
                  toModel: sentence,
                });
              // Servers still starting get their bounded time, so the first message has their tools.
              await this.parts.mcp.ready(signal);
              const deps = this.loopDeps(signal, checkpoints, chosen);
              return await runTurn({ ...deps, session: this.toolSession(deps) }, signal);
            } finally {
              prepared.release();
            }
          },
        ),
      (outcome) => outcome,
    );
    return summary;
  }

  /** Whether `text` runs an MCP prompt or mentions a resource (`@server:…`) of a server. */
  private namesMcpServer(text: string): boolean {
    if (parseSlashCommand(text)?.name.startsWith('mcp__') === true) return true;
    const names = new Set(this.parts.hub.state.mcpServers.map((server) => server.name));
    return findMentions(text).some((mention) => names.has(mention.path.split(':')[0] ?? ''));
  }

  /** What the turn loop of a user turn runs with: the model, tools, limits and hooks of this agent. */
  private loopDeps(
    signal: AbortSignal,
    checkpoints: AgentParts['store']['checkpoints'],
    chosen?: ModelInUse,
  ): TurnLoopDeps {
    const { hub, models, toolbox, limits, permissions, workdir, options, logger, compactor } =
      this.parts;
    const tools = toolbox.current();
    return {
      emit: (event) => hub.emit(event),
      state: () => hub.state.conversation,
      attachments: this.parts.attachments.access(chosen?.resolved ?? models.resolved),
      model: chosen?.model ?? models.model,
      tools,
      permissions,
      workdir,
      systemPrompt: () => toolbox.systemPrompt(tools),
      parallelToolCalls: options.parallelToolCalls ?? true,
      maxTurns: options.maxTurns ?? 50,
      retry: limits.retry,
      maxOutputTokens: limits.outputLimit(chosen?.resolved),
      // Read per call: an /effort during a turn holds from its next model call.
      tuning: () => limits.tuning(hub.state.effort, chosen?.resolved),
      newId: randomUUID,
      now: Date.now,
      logger,
      beforeModelCall: () => compactor.compactIfNeeded(signal),
      afterModelCall: async (request, usage) => {
        const use = await measureContext({
          model: modelIdOf(request.model),
          windowTokens: limits.contextWindow(),
          system: request.system,
          sections: toolbox.promptSections(tools),
          tools: request.tools,
          messages: request.messages,
          usage,
        });
        hub.emit({ type: 'contextWindowMeasured', use });
      },
      whyNoTool: (name) => this.parts.mcp.whyUnavailable(name),
      ...(options.fallbackModels !== undefined && options.fallbackModels.length > 0
        ? {
            fallbacks: options.fallbackModels.map((name) => ({
              name,
              model: () => models.modelNamed(name).model,
            })),
          }
        : {}),
      ...withHooks(this.parts.hooks.forTurn()),
      ...(checkpoints
        ? {
            beforeFileChange: (path: string) => checkpoints.beforeFileChange(path),
            beforeExecute: () => checkpoints.beforeExecute(),
          }
        : {}),
    };
  }

  /** Runs a turn's work between its checkpoints' begin and end (when the session is persisted). */
  private async withCheckpoints<T>(
    messageId: string,
    work: (messageId: string, checkpoints: AgentParts['store']['checkpoints']) => Promise<T>,
  ): Promise<T> {
    const { checkpoints } = this.parts.store;
    checkpoints?.beginTurn(messageId);
    try {
      return await work(messageId, checkpoints);
    } finally {
      await checkpoints?.endTurn();
    }
  }

  /** Emits an event of a turn; the session takes its title from its first user message. */
  private emitFromTurn(event: AgentEvent): void {
    const { hub } = this.parts;
    hub.emit(event);
    if (event.type === 'userMessageAdded' && hub.state.title === undefined)
      hub.emit({ type: 'sessionTitleChanged', title: titleOf([event.message]) });
  }

  /** What the session-level tools (TodoWrite, background Bash, Task, the questions) reach. */
  private toolSession(turn: TurnLoopDeps): ToolSession {
    const { hub, background, models, limits, options } = this.parts;
    const env = options.env ?? process.env;
    const askUser = this.userAsking();
    return {
      setTodos: (todos) => hub.emit({ type: 'todosChanged', todos }),
      background,
      runSubagent: (request) => this.subagent(turn, request),
      askModel: (purpose, request) => askSideModel(models, limits, purpose, request),
      // An Anthropic model searches on its own (server-side); others use the settings' backend.
      webSearch: (request) => {
        if (models.inUse.resolved.provider === 'anthropic')
          return anthropicSearch(models.inUse.model)(request);
        return options.webSearch
          ? searchBackend(options.webSearch, env)(request)
          : Promise.resolve(undefined);
      },
      ...(askUser ? { askUser } : {}),
    };
  }

  /**
   * How a tool asks the user; a subagent's question (`subagent`: its kind) reaches the user
   * through the session, like the parent's, and a subagent does not change the mode.
   */
  private userAsking(subagent?: string): UserAsking | undefined {
    const { questions, permissions, planFile, hub } = this.parts;
    if (!questions) return undefined;
    const setMode = (mode: PermissionMode): void => {
      permissions.setMode(mode);
      if (hub.state.permissionMode !== mode) hub.emit({ type: 'permissionModeChanged', mode });
    };
    return {
      ask: (ask, call, signal, elicitation) =>
        questions.ask({
          ask,
          toolCallId: call.toolCallId,
          messageId: call.messageId,
          signal,
          ...(subagent !== undefined ? { subagent } : {}),
          ...(elicitation !== undefined ? { elicitation } : {}),
        }),
      mode: () => permissions.permissionMode,
      ...(subagent === undefined ? { setMode } : {}),
      planFile,
    };
  }

  /** A Task call's child agent, inside the call's tool block, with at most the parent's tools. */
  private subagent(turn: TurnLoopDeps, request: SubagentRequest): Promise<ToolResult> {
    const { agentTypes, models, limits, hub, toolbox, hooks } = this.parts;
    const type = agentTypes.find((known) => known.name === request.subagentType);
    if (type === undefined) {
      return Promise.resolve({
        isError: true,
        output: `There is no subagent kind "${request.subagentType}".`,
      });
    }
    const {
      emit: _emit,
      state: _state,
      session: _session,
      beforeModelCall: _compact,
      hooks: _hooks,
      ...rest
    } = turn;
    // Its Stop is SubagentStop; its tool calls run the same tool hooks.
    const parent = { ...rest, ...withHooks(hooks.forSubagent(request.toolCallId, type.name)) };
    const tools = toolsFor(type, turn.tools);
    // The user's agent file may name its model; settings' modelFor.subagent serves the others.
    let chosen: ModelInUse | undefined;
    try {
      chosen =
        type.model !== undefined ? models.modelNamed(type.model) : models.forPurpose('subagent');
    } catch (error) {
      return Promise.resolve({
        isError: true,
        output: `The ${type.name} subagent could not start: ${errorText(error)}`,
      });
    }
    const subagentAsking = this.userAsking(type.name);
    const start = hooks.subagentStart(type.name, request, request.signal);
    return start.then(() =>
      runSubagent(
        {
          parent: chosen
            ? {
                ...parent,
                maxOutputTokens: limits.outputLimit(chosen.resolved),
                tuning: () => limits.tuning(hub.state.effort, chosen.resolved),
              }
            : parent,
          emit: (event) => hub.emit(event),
          thread: () => threadOf(hub.state.conversation, request.messageId, request.toolCallId),
          tools,
          model: chosen?.model ?? turn.model,
          systemPrompt: toolbox.systemPrompt(tools, type.prompt),
          ...(subagentAsking ? { session: { setTodos: () => {}, askUser: subagentAsking } } : {}),
        },
        request,
      ),
    );
  }
}
