// The hooks of one agent: read once from the settings the caller passes (a project's only when
// its folder is trusted: the caller decides), run at the agent's named points — the session's
// start and end, a prompt, a permission question, a compaction, a subagent — and handed to each
// turn (turn-hooks.ts). Session hooks outside a turn end when the agent closes.
import type { AgentEvent, HookInForce, PermissionMode } from '@wave-agent/shared-protocol';
import type { CanUseTool, PermissionDecision } from '../permissions/permission-request.js';
import type { ConfiguredHook, HookConfig } from './hook-config.js';
import { HookDispatcher } from './hook-dispatcher.js';
import type { HookDispatcherContext } from './hook-dispatcher.js';
import { turnHooks } from './turn-hooks.js';
import type { TurnHooks } from './turn-hooks.js';

export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';
export type SessionEndReason = 'clear' | 'logout' | 'prompt_input_exit' | 'other';
export type CompactTrigger = 'manual' | 'auto';

export interface AgentHooksContext {
  readonly workdir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** More variables that hold a key (the configured models' `apiKeyEnv`): not passed to hooks. */
  readonly keyVariables?: readonly string[];
  readonly sessionId: () => string;
  readonly transcriptPath: () => string | undefined;
  readonly permissionMode: () => PermissionMode;
  readonly emit: (event: AgentEvent) => void;
  readonly newId: () => string;
  readonly now: () => number;
}

/** The hooks in force as session state shows them (for /hooks in every UI). */
export function hooksInForce(hooks: readonly ConfiguredHook[]): readonly HookInForce[] {
  return hooks.map((hook) => ({
    event: hook.event,
    matcher: hook.matcher,
    command: hook.command,
    timeoutSeconds: hook.timeoutMs / 1000,
    source: hook.source,
  }));
}

export class AgentHooks {
  private readonly dispatcher: HookDispatcher;
  /** Ends hooks that run outside a turn (SessionStart, SessionEnd) when the agent closes. */
  private readonly lifetime = new AbortController();
  private starting: Promise<void> = Promise.resolve();

  /** `config` is read before the agent's state is made, which lists the hooks in force. */
  constructor(config: HookConfig, context: AgentHooksContext) {
    const dispatcherContext: HookDispatcherContext = {
      ...context,
      transcriptPath: () => context.transcriptPath() ?? '',
    };
    this.dispatcher = new HookDispatcher(config.hooks, dispatcherContext);
  }

  /** The hooks in force, each with its file (for /hooks). */
  get configured(): readonly ConfiguredHook[] {
    return this.dispatcher.configured;
  }

  /** The hooks in force as session state shows them (for /hooks in every UI). */
  get inForce(): readonly HookInForce[] {
    return hooksInForce(this.configured);
  }

  /** The turn's hooks; undefined when none is configured (the loop then does nothing extra). */
  forTurn(): TurnHooks | undefined {
    return this.configured.length > 0 ? turnHooks(this.dispatcher, { kind: 'agent' }) : undefined;
  }

  /** A subagent's hooks: its Stop is SubagentStop. */
  forSubagent(agentId: string, agentType: string): TurnHooks | undefined {
    return this.configured.length > 0
      ? turnHooks(this.dispatcher, { kind: 'subagent', agentId, agentType })
      : undefined;
  }

  /** UserPromptSubmit: the prompt is not sent when a hook blocks it (the run says why). */
  async userPromptSubmit(
    prompt: string,
    signal: AbortSignal,
  ): Promise<{ readonly blocked: boolean }> {
    const decision = await this.dispatcher.run('UserPromptSubmit', { prompt }, { signal });
    return { blocked: decision.block !== undefined || decision.stop !== undefined };
  }

  /** The SessionStart hooks of the session's start; a turn waits for them (`ready`). */
  sessionStart(source: SessionStartSource): Promise<void> {
    const run = this.dispatcher
      .run('SessionStart', { source }, { signal: this.lifetime.signal })
      .then(() => undefined);
    this.starting = run;
    return run;
  }

  /** Resolves when the session's SessionStart hooks have ended. */
  ready(): Promise<void> {
    return this.starting;
  }

  async sessionEnd(reason: SessionEndReason): Promise<void> {
    await this.dispatcher.run('SessionEnd', { reason }, { signal: this.lifetime.signal });
  }

  async preCompact(
    trigger: CompactTrigger,
    instructions: string,
    signal: AbortSignal,
  ): Promise<void> {
    await this.dispatcher.run(
      'PreCompact',
      { trigger, custom_instructions: instructions },
      { signal },
    );
  }

  async postCompact(trigger: CompactTrigger, summary: string, signal: AbortSignal): Promise<void> {
    await this.dispatcher.run('PostCompact', { trigger, compact_summary: summary }, { signal });
  }

  /** SubagentStart, shown in the Task call's block. */
  async subagentStart(
    agentType: string,
    taskCall: { readonly messageId: string; readonly toolCallId: string },
    signal: AbortSignal,
  ): Promise<void> {
    await this.dispatcher.run(
      'SubagentStart',
      { agent_id: taskCall.toolCallId, agent_type: agentType },
      { signal, toolCall: taskCall },
    );
  }

  /**
   * The permission question with PermissionRequest hooks before it (a hook may answer it) and
   * Notification hooks when it goes to a person. Unchanged when neither is configured.
   */
  withPermissionHooks(ask: CanUseTool | undefined): CanUseTool | undefined {
    const dispatcher = this.dispatcher;
    if (!dispatcher.has('PermissionRequest') && !dispatcher.has('Notification')) return ask;
    return async (request): Promise<PermissionDecision> => {
      const decision = await dispatcher.run(
        'PermissionRequest',
        {
          tool_name: request.toolName,
          tool_input: request.input,
          tool_use_id: request.toolCallId,
        },
        { signal: request.signal },
      );
      if (decision.block !== undefined || decision.permission === 'deny')
        return { decision: 'deny', reason: decision.block ?? decision.permissionReason ?? '' };
      if (decision.permission === 'allow') return { decision: 'allow' };
      if (ask === undefined)
        return {
          decision: 'deny',
          reason: `${request.reason}, and there is no one to ask for permission here.`,
        };
      void dispatcher.run(
        'Notification',
        {
          message: `Wave needs your permission to use ${request.toolName}`,
          notification_type: 'permission_prompt',
        },
        { signal: request.signal },
      );
      return ask(request);
    };
  }

  /** Ends the hooks still running outside a turn. */
  close(): void {
    this.lifetime.abort();
  }
}
