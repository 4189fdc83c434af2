// What one hook run says, read as Claude Code reads it. Exit 0: stdout is JSON when it parses as
// a JSON object (`continue`, `stopReason`, `suppressOutput`, `systemMessage`, `decision`,
// `reason`, `hookSpecificOutput`), else plain text, which UserPromptSubmit and SessionStart add
// to the model's context. Exit 2: a block, stderr saying why, for the events that can block;
// elsewhere stderr is shown and the work goes on. Any other exit: a warning, the work goes on.
import type { HookRunOutcome } from '@wave-agent/shared-protocol';
import { z } from 'zod';
import type { HookEventName } from './hook-events.js';
import type { HookCommandResult } from './run-hook-command.js';

export type PermissionVerdict = 'allow' | 'deny' | 'ask';

/** What one run decided; the dispatcher combines the runs of one event. */
export interface HookVerdict {
  readonly outcome: HookRunOutcome;
  /** It blocked what it ran before: why (exit 2's stderr, `reason`, a deny's reason). */
  readonly block?: string;
  /** `continue: false`: the turn stops after this point; `stopReason` for the user. */
  readonly stop?: string;
  /** PreToolUse's `permissionDecision`, PermissionRequest's `decision.behavior`. */
  readonly permission?: PermissionVerdict;
  readonly permissionReason?: string;
  readonly updatedInput?: Record<string, unknown>;
  /** Text for the model (additionalContext, or plain stdout where the event takes it). */
  readonly context?: string;
  /** Shown to the user: a systemMessage, why it failed, that it timed out. */
  readonly message?: string;
  /** What the run printed, for the user (stdout unless suppressed or JSON, then stderr). */
  readonly output: string;
}

const HookJsonSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  systemMessage: z.string().optional(),
  decision: z.string().optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      permissionDecision: z.enum(['allow', 'deny', 'ask']).optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      additionalContext: z.string().optional(),
      // PermissionRequest answers the question itself.
      decision: z
        .looseObject({
          behavior: z.enum(['allow', 'deny']),
          updatedInput: z.record(z.string(), z.unknown()).optional(),
          message: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
type HookJson = z.output<typeof HookJsonSchema>;

/** Events where exit 2 (or `decision: "block"`) stops what comes next. */
const BLOCKING: ReadonlySet<HookEventName> = new Set([
  'PreToolUse',
  'PermissionRequest',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
]);
/** Events where exit 2's stderr, or a block's reason, goes to the model though nothing stops. */
const TOLD_TO_MODEL: ReadonlySet<HookEventName> = new Set(['PostToolUse', 'PostToolUseFailure']);
/** Events whose plain stdout on exit 0 is context for the model. */
const PLAIN_CONTEXT: ReadonlySet<HookEventName> = new Set(['UserPromptSubmit', 'SessionStart']);

function parseJson(stdout: string): HookJson | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed = HookJsonSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function firstLines(text: string, max = 300): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

export function readHookResult(
  event: HookEventName,
  result: HookCommandResult,
  timeoutMs: number,
): HookVerdict {
  const stderr = result.stderr.trim();
  if (result.ended === 'timeout') {
    return {
      outcome: 'timeout',
      message: `Timed out after ${seconds(timeoutMs)}: Wave ended the hook's processes; the work goes on.`,
      output: stderr,
    };
  }
  if (result.ended === 'aborted') {
    return { outcome: 'aborted', message: 'Stopped by the abort.', output: stderr };
  }
  if (result.spawnError !== undefined) {
    return {
      outcome: 'failed',
      message: `The hook could not start (${result.spawnError}); the work goes on.`,
      output: '',
    };
  }
  if (result.exitCode === 2) {
    const why = stderr || 'a hook blocked this (exit code 2, nothing on stderr)';
    if (BLOCKING.has(event)) return { outcome: 'blocked', block: why, output: stderr };
    if (TOLD_TO_MODEL.has(event)) return { outcome: 'blocked', context: why, output: stderr };
    return { outcome: 'failed', message: `Exit code 2: ${firstLines(why)}`, output: stderr };
  }
  if (result.exitCode !== 0) {
    const code = result.exitCode === null ? 'a signal ended it' : `exit code ${result.exitCode}`;
    return {
      outcome: 'failed',
      message: `The hook failed (${code})${stderr ? `: ${firstLines(stderr)}` : ''}; the work goes on.`,
      output: [result.stdout.trim(), stderr].filter(Boolean).join('\n'),
    };
  }
  const json = parseJson(result.stdout);
  if (json === undefined) {
    const text = result.stdout.trim();
    return {
      outcome: 'ok',
      ...(PLAIN_CONTEXT.has(event) && text ? { context: text } : {}),
      output: [text, stderr].filter(Boolean).join('\n'),
    };
  }
  return fromJson(event, json, stderr);
}

/** A callback hook's answer (hook-callbacks.ts): the JSON a command would print, as an object. */
export function readHookAnswer(event: HookEventName, answer: unknown): HookVerdict {
  if (answer === undefined || answer === null) return { outcome: 'ok', output: '' };
  const parsed = HookJsonSchema.safeParse(answer);
  if (!parsed.success)
    return {
      outcome: 'failed',
      message: `The hook answered with something Wave cannot read (${firstLines(JSON.stringify(answer) ?? typeof answer)}); the work goes on.`,
      output: '',
    };
  return fromJson(event, parsed.data, '');
}

function fromJson(event: HookEventName, json: HookJson, stderr: string): HookVerdict {
  const specific = json.hookSpecificOutput;
  const verdict: { -readonly [K in keyof HookVerdict]: HookVerdict[K] } = {
    outcome: 'ok',
    output: json.suppressOutput ? '' : stderr,
  };
  if (json.systemMessage) verdict.message = json.systemMessage;
  if (specific?.additionalContext) verdict.context = specific.additionalContext;
  if (specific?.updatedInput) verdict.updatedInput = specific.updatedInput;
  // PreToolUse: permissionDecision, or the older decision "approve" / "block".
  const permission =
    specific?.permissionDecision ??
    (event === 'PreToolUse' && json.decision === 'approve'
      ? 'allow'
      : event === 'PreToolUse' && json.decision === 'block'
        ? 'deny'
        : undefined);
  if (event === 'PreToolUse' && permission) {
    verdict.permission = permission;
    const reason = specific?.permissionDecisionReason ?? json.reason;
    if (reason) verdict.permissionReason = reason;
    if (permission === 'deny') {
      verdict.outcome = 'blocked';
      verdict.block = reason ?? 'A PreToolUse hook denied this call.';
    }
  }
  if (event === 'PermissionRequest' && specific?.decision) {
    verdict.permission = specific.decision.behavior;
    if (specific.decision.message) verdict.permissionReason = specific.decision.message;
    if (specific.decision.updatedInput) verdict.updatedInput = specific.decision.updatedInput;
    if (specific.decision.behavior === 'deny') {
      verdict.outcome = 'blocked';
      verdict.block = specific.decision.message ?? 'A PermissionRequest hook denied this call.';
    }
  }
  if (json.decision === 'block' && event !== 'PreToolUse') {
    const reason = json.reason ?? `A ${event} hook blocked this.`;
    verdict.outcome = 'blocked';
    if (BLOCKING.has(event)) verdict.block = reason;
    else if (TOLD_TO_MODEL.has(event))
      verdict.context = [reason, verdict.context].filter(Boolean).join('\n');
  }
  if (json.continue === false) {
    verdict.outcome = 'blocked';
    verdict.stop = json.stopReason ?? `A ${event} hook stopped the turn.`;
  }
  return verdict;
}
