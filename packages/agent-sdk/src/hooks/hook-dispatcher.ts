// Runs the hooks of one event: the configured hooks whose matcher takes the event's value, each
// command once (identical commands of one event run once), all in parallel. Each run is an event
// of the one stream (`hookRunUpdated`): in its tool's block for tool hooks, else a system message
// of its own, so every host shows it and a pull restores it. What the runs decided is combined
// for the turn loop: any block blocks, a deny beats an ask beats an allow.
import type { AgentEvent, HookRunOutcome } from '@wave-agent/shared-protocol';
import type { ConfiguredHook } from './hook-config.js';
import { MATCHED_FIELD } from './hook-events.js';
import type { HookEventName } from './hook-events.js';
import { readHookResult } from './hook-output.js';
import type { HookVerdict, PermissionVerdict } from './hook-output.js';
import { runHookCommand } from './run-hook-command.js';
import { withoutCredentials } from '../model/credential-variables.js';

/** The most characters of a run's output an event carries (the display shows a tail of it). */
export const MAX_HOOK_DISPLAY_CHARS = 4_000;

export interface HookDispatcherContext {
  readonly workdir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** More variables that hold a key (the configured models' `apiKeyEnv`): not passed to hooks. */
  readonly keyVariables?: readonly string[];
  readonly sessionId: () => string;
  readonly transcriptPath: () => string;
  readonly permissionMode: () => string;
  readonly emit: (event: AgentEvent) => void;
  readonly newId: () => string;
  readonly now: () => number;
}

/** Where a run's events go: a tool call's block, or a system message of its own. */
export interface HookPlace {
  readonly signal: AbortSignal;
  readonly toolCall?: { readonly messageId: string; readonly toolCallId: string };
  /** Overrides the emitter (a subagent's runs go into its thread). */
  readonly emit?: (event: AgentEvent) => void;
}

/** What the runs of one event decided together. */
export interface HookDecision {
  readonly ran: number;
  /** Some run blocked: every reason, one per line. */
  readonly block?: string;
  /** Some run said `continue: false`: the turn stops; why, for the user. */
  readonly stop?: string;
  readonly permission?: PermissionVerdict;
  readonly permissionReason?: string;
  readonly updatedInput?: Record<string, unknown>;
  /** Every run's text for the model, in start order. */
  readonly context: readonly string[];
}

const NOTHING: HookDecision = { ran: 0, context: [] };
const PERMISSION_RANK: Record<PermissionVerdict, number> = { allow: 1, ask: 2, deny: 3 };

/**
 * The hook's environment: the user's, less every variable that holds a model key (a hook has
 * no need of them, and a project's hook is a stranger's program), plus the project folder under
 * both names. A hook runs as the user, outside the sandbox: it can still read what the user can,
 * Wave's own environment (/proc/<pid>/environ) included — the README says so.
 */
export function hookEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  workdir: string,
  keyVariables: readonly string[] = [],
): Record<string, string | undefined> {
  const kept = withoutCredentials(env, keyVariables);
  return { ...kept, WAVE_PROJECT_DIR: workdir, CLAUDE_PROJECT_DIR: workdir };
}

function tail(text: string): string {
  return text.length > MAX_HOOK_DISPLAY_CHARS
    ? `…${text.slice(text.length - MAX_HOOK_DISPLAY_CHARS)}`
    : text;
}

function combine(verdicts: readonly HookVerdict[]): HookDecision {
  const blocks = verdicts.flatMap((v) => (v.block !== undefined ? [v.block] : []));
  const stops = verdicts.flatMap((v) => (v.stop !== undefined ? [v.stop] : []));
  const strongest = verdicts
    .filter((v) => v.permission !== undefined)
    .sort(
      (a, b) => PERMISSION_RANK[b.permission ?? 'allow'] - PERMISSION_RANK[a.permission ?? 'allow'],
    )[0];
  const updated = verdicts.findLast((v) => v.updatedInput !== undefined)?.updatedInput;
  return {
    ran: verdicts.length,
    ...(blocks.length > 0 ? { block: blocks.join('\n') } : {}),
    ...(stops.length > 0 ? { stop: stops.join('\n') } : {}),
    ...(strongest?.permission ? { permission: strongest.permission } : {}),
    ...(strongest?.permissionReason ? { permissionReason: strongest.permissionReason } : {}),
    ...(updated ? { updatedInput: updated } : {}),
    context: verdicts.flatMap((v) => (v.context !== undefined ? [v.context] : [])),
  };
}

/**
 * What the model reads of a run; for a blocked tool call the tool's error says it instead. A
 * Stop hook's reason is worded as Claude Code words it.
 */
function toModelOf(hook: ConfiguredHook, verdict: HookVerdict): string | undefined {
  const { event } = hook;
  if (event === 'Stop' || event === 'SubagentStop') {
    return verdict.block !== undefined && verdict.stop === undefined
      ? `${event} hook feedback:\n[${hook.command}]: ${verdict.block}`
      : undefined;
  }
  if (verdict.context === undefined) return undefined;
  if (event === 'UserPromptSubmit' && verdict.block !== undefined) return undefined;
  return `${event} hook context:\n${verdict.context}`;
}

function messageOf(verdict: HookVerdict): string | undefined {
  const parts = [verdict.message];
  if (verdict.stop !== undefined) parts.push(`Stopped the turn: ${verdict.stop}`);
  else if (verdict.block !== undefined) parts.push(`Blocked: ${verdict.block}`);
  const text = parts.filter(Boolean).join(' ');
  return text || undefined;
}

export class HookDispatcher {
  constructor(
    private readonly hooks: readonly ConfiguredHook[],
    private readonly context: HookDispatcherContext,
  ) {}

  /** The hooks in force, in file order (for /hooks). */
  get configured(): readonly ConfiguredHook[] {
    return this.hooks;
  }

  has(event: HookEventName): boolean {
    return this.hooks.some((hook) => hook.event === event);
  }

  /** The hooks of `event` that take this input, each command once. */
  private matching(event: HookEventName, fields: Record<string, unknown>): ConfiguredHook[] {
    const field = MATCHED_FIELD[event];
    const value = field !== undefined ? fields[field] : undefined;
    const seen = new Set<string>();
    return this.hooks.filter((hook) => {
      if (hook.event !== event) return false;
      if (typeof value === 'string' && !hook.matches(value)) return false;
      if (seen.has(hook.command)) return false;
      seen.add(hook.command);
      return true;
    });
  }

  /** Runs the event's hooks with `fields` (the event's own input fields) and combines them. */
  async run(
    event: HookEventName,
    fields: Record<string, unknown>,
    place: HookPlace,
  ): Promise<HookDecision> {
    const hooks = this.matching(event, fields);
    if (hooks.length === 0) return NOTHING;
    const input = JSON.stringify({
      session_id: this.context.sessionId(),
      transcript_path: this.context.transcriptPath(),
      cwd: this.context.workdir,
      permission_mode: this.context.permissionMode(),
      hook_event_name: event,
      ...fields,
    });
    const verdicts = await Promise.all(hooks.map((hook) => this.runOne(hook, input, place)));
    return combine(verdicts);
  }

  private async runOne(
    hook: ConfiguredHook,
    input: string,
    place: HookPlace,
  ): Promise<HookVerdict> {
    const emit = place.emit ?? this.context.emit;
    const base = {
      type: 'hookRunUpdated',
      messageId: place.toolCall?.messageId ?? this.context.newId(),
      ...(place.toolCall ? { toolCallId: place.toolCall.toolCallId } : {}),
      createdAt: this.context.now(),
      id: this.context.newId(),
      event: hook.event,
      command: hook.command,
      source: hook.source,
    } as const;
    emit({ ...base, stage: 'running' });
    const result = await runHookCommand({
      command: hook.command,
      cwd: this.context.workdir,
      env: {
        ...hookEnvironment(this.context.env, this.context.workdir, this.context.keyVariables),
        ...hook.env,
      },
      input,
      timeoutMs: hook.timeoutMs,
      signal: place.signal,
    });
    const verdict = readHookResult(hook.event, result, hook.timeoutMs);
    const toModel = toModelOf(hook, verdict);
    const message = messageOf(verdict);
    const outcome: HookRunOutcome = verdict.outcome;
    emit({
      ...base,
      stage: 'end',
      outcome,
      exitCode: result.exitCode,
      ...(verdict.output ? { output: tail(verdict.output) } : {}),
      ...(message !== undefined ? { message } : {}),
      ...(toModel !== undefined ? { toModel } : {}),
    });
    // Claude Code shows a deny's systemMessage to the user on its own line, not only in the
    // tool's block; the model reads only that a hook blocked the call (the tool's error).
    if (hook.event === 'PreToolUse' && verdict.permission === 'deny' && verdict.message) {
      emit({
        type: 'noticeAdded',
        messageId: this.context.newId(),
        createdAt: this.context.now(),
        message: verdict.message,
        level: 'warning',
      });
    }
    return verdict;
  }
}
