// One user turn: model call, tools, model call, … until the model stops, maxTurns, an abort or
// a failure it cannot recover from. Each model call is retried on rate limits, overload and
// broken streams; the partial message of a failed stream is discarded first, so no consumer
// ever shows its text twice, and the last try does not stream at all.
import type {
  AgentEvent,
  ConversationState,
  FinishReason,
  ToolBlock,
  TurnStopReason,
  Usage,
} from '@wave-agent/shared-protocol';
import { errorText } from '@wave-agent/shared-protocol';
import type { LanguageModel } from 'ai';
import type { TurnHooks } from '../hooks/turn-hooks.js';
import type { Logger } from '../logger.js';
import { classifyModelError } from '../model/model-errors.js';
import { generateModel, modelIdOf, streamModel } from '../model/model-call.js';
import type { ModelCallRequest } from '../model/model-call.js';
import type { CallTuning } from '../model/thinking/call-tuning.js';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { ToolSession } from '../tools/tool-session.js';
import { abortableSleep } from './abortable-sleep.js';
import { CallPresenter } from './call-presenter.js';
import type { AttachmentAccess } from '../attachments/attachment-parts.js';
import { toModelMessages } from './model-context.js';
import { runToolCall } from './tool-runner.js';
import type { ResponseToolState } from './tool-runner.js';
import { ToolScheduler } from './tool-scheduler.js';
import { formerToolNames } from '../tools/tool-aliases.js';

export interface RetryPolicy {
  /** Retries after the first try (so maxRetries + 1 tries in all). */
  readonly maxRetries: number;
  /** First backoff; doubles each retry, capped at 30 s. `retry-after` from the server wins. */
  readonly baseDelayMs: number;
  /** A stream silent this long is treated as broken. */
  readonly idleTimeoutMs: number;
}

export interface TurnLoopDeps {
  readonly emit: (event: AgentEvent) => void;
  readonly state: () => ConversationState;
  /** Attachments' kept content (attachments/attachment-store.ts), and whether the model takes images. */
  readonly attachments?: AttachmentAccess;
  readonly model: LanguageModel;
  readonly tools: readonly ToolDefinition<unknown>[];
  readonly permissions: PermissionPolicy;
  readonly workdir: string;
  readonly systemPrompt: () => string;
  readonly parallelToolCalls: boolean;
  readonly maxTurns: number;
  readonly retry: RetryPolicy;
  readonly maxOutputTokens: number | undefined;
  /** The output limit and provider options of the next call (the effort's thinking); over maxOutputTokens. */
  readonly tuning?: () => CallTuning;
  readonly newId: () => string;
  readonly now: () => number;
  readonly logger: Logger;
  readonly beforeFileChange?: (absolutePath: string) => Promise<void>;
  /** Awaited before a command runs (the working-directory snapshot for /rewind). */
  readonly beforeExecute?: () => Promise<void>;
  /** Awaited before each model call (automatic compaction near the context limit). */
  readonly beforeModelCall?: () => Promise<void>;
  /** Awaited after each model call that answered, with what it sent and what it cost (/context). */
  readonly afterModelCall?: (request: ModelCallRequest, usage: Usage | undefined) => Promise<void>;
  /** The session's task list, background commands and subagents, for the tools that use them. */
  readonly session?: ToolSession;
  /** The configured hooks, at the turn's named points (PreToolUse, PostToolUse, Stop, …). */
  readonly hooks?: TurnHooks;
  /** Why a tool the model called is not there (an MCP server that is down), as a sentence. */
  readonly whyNoTool?: (toolName: string) => string | undefined;
  /** The models to go on with, in order, when this one is overloaded or unavailable. */
  readonly fallbacks?: readonly FallbackModel[];
}

export interface FallbackModel {
  readonly name: string;
  /** Made when it is needed; throws a sentence when it cannot be. */
  readonly model: () => LanguageModel;
}

/** Why a turn's loop stopped (the wire's TurnStopReason, less "removed", which only a queue says). */
export type StopReason = Exclude<TurnStopReason, 'removed'>;

export interface TurnOutcome {
  readonly stopReason: StopReason;
  /** What went wrong, when stopReason is "error". */
  readonly error?: string;
}

type CallOutcome =
  | { readonly kind: 'done'; readonly toolCalls: number; readonly finishReason?: FinishReason }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'failed'; readonly message: string }
  /** Overloaded or unavailable after the retries, with a fallback model to go on with. */
  | { readonly kind: 'unavailable'; readonly headline: string };

const MAX_BACKOFF_MS = 30_000;

function findToolBlock(
  state: ConversationState,
  messageId: string,
  id: string,
): ToolBlock | undefined {
  for (let i = state.messages.length - 1; i >= 0; i--) {
    const message = state.messages[i];
    if (message?.id !== messageId) continue;
    for (const block of message.blocks) if (block.type === 'tool' && block.id === id) return block;
    return undefined;
  }
  return undefined;
}

async function callModel(deps: TurnLoopDeps, signal: AbortSignal): Promise<CallOutcome> {
  // A call under a tool's old name (a model that learnt `Task`) runs the tool it became.
  const toolsByName = new Map(
    deps.tools.flatMap((tool) =>
      [tool.name, ...formerToolNames(tool.name)].map((name) => [name, tool]),
    ),
  );
  const findTool = (name: string) => toolsByName.get(name);
  let brokenStreams = 0;

  await deps.beforeModelCall?.();
  for (let attempt = 0; ; attempt++) {
    const messageId = deps.newId();
    let created = false;
    // The message appears with its first part, so a call that fails before answering
    // (a 429, say) leaves nothing behind to discard.
    const emit = (event: AgentEvent) => {
      if (!created) {
        created = true;
        deps.emit({ type: 'assistantMessageAdded', messageId, createdAt: deps.now() });
      }
      deps.emit(event);
    };
    const response: ResponseToolState = { rejected: false };
    const scheduler = new ToolScheduler(deps.parallelToolCalls);
    const presenter = new CallPresenter({
      messageId,
      emit,
      findTool,
      toolParameters: (id) => findToolBlock(deps.state(), messageId, id)?.parameters,
      now: deps.now,
      workdir: deps.workdir,
      modelId: modelIdOf(deps.model),
      onToolCall: (call) => {
        const readOnly = findTool(call.toolName)?.permission === 'read-only';
        scheduler.schedule(readOnly, () =>
          runToolCall(call, {
            messageId,
            workdir: deps.workdir,
            emit,
            findTool,
            permissions: deps.permissions,
            signal,
            response,
            ...(deps.beforeFileChange ? { beforeFileChange: deps.beforeFileChange } : {}),
            ...(deps.beforeExecute ? { beforeExecute: deps.beforeExecute } : {}),
            ...(deps.session ? { session: deps.session } : {}),
            ...(deps.hooks ? { hooks: deps.hooks } : {}),
            ...(deps.whyNoTool ? { whyNoTool: deps.whyNoTool } : {}),
          }).catch((error: unknown) => deps.logger.error(`Tool call ${call.id} crashed.`, error)),
        );
      },
    });
    const finish = async (reason?: FinishReason) => {
      if (created) presenter.finish(reason);
      await scheduler.settled();
    };

    const request: ModelCallRequest = {
      model: deps.model,
      system: deps.systemPrompt(),
      messages: toModelMessages(deps.state().messages, deps.attachments),
      tools: deps.tools,
      abortSignal: signal,
      idleTimeoutMs: deps.retry.idleTimeoutMs,
      ...(deps.maxOutputTokens ? { maxOutputTokens: deps.maxOutputTokens } : {}),
      ...deps.tuning?.(),
    };
    try {
      if (brokenStreams > 0 && attempt === deps.retry.maxRetries) {
        for (const part of await generateModel(request)) presenter.handle(part);
      } else {
        await streamModel(request, (part) => presenter.handle(part));
      }
      await finish();
      // Measuring is not the model's doing: its failure is logged, never taken for the call's.
      await deps
        .afterModelCall?.(request, presenter.reportedUsage)
        .catch((error: unknown) =>
          deps.logger.warn(`Could not measure the request for /context: ${errorText(error)}`),
        );
      return {
        kind: 'done',
        toolCalls: presenter.toolCallCount,
        finishReason: presenter.modelFinishReason,
      };
    } catch (error) {
      if (signal.aborted) {
        await finish('aborted');
        return { kind: 'aborted' };
      }
      const problem = classifyModelError(error);
      deps.logger.warn(`Model call failed (attempt ${attempt + 1}): ${problem.message}`);
      if (scheduler.scheduled > 0) {
        // Tools already ran: their effects are real, so the message stays as the record of them
        // and the model continues from their results on the next call.
        await finish('error');
        emit({
          type: 'errorBlockAdded',
          messageId,
          error: `${asSentence(problem.message)} The reply was cut short after its tool calls had run.`,
        });
        return { kind: 'done', toolCalls: presenter.toolCallCount };
      }
      if (problem.retryable && attempt < deps.retry.maxRetries) {
        if (problem.brokenStream) brokenStreams++;
        if (created) deps.emit({ type: 'assistantMessageDiscarded', messageId });
        const wait =
          problem.retryAfterMs ?? Math.min(deps.retry.baseDelayMs * 2 ** attempt, MAX_BACKOFF_MS);
        deps.emit({
          type: 'noticeAdded',
          messageId: deps.newId(),
          createdAt: deps.now(),
          level: 'warning',
          message: `${problem.headline}. Retrying in ${formatSeconds(wait)} (try ${attempt + 2} of ${deps.retry.maxRetries + 1}).`,
        });
        if (!(await abortableSleep(wait, signal))) return { kind: 'aborted' };
        continue;
      }
      if (problem.unavailable && deps.fallbacks !== undefined && deps.fallbacks.length > 0) {
        if (created) deps.emit({ type: 'assistantMessageDiscarded', messageId });
        return { kind: 'unavailable', headline: problem.headline };
      }
      await finish('error');
      const gaveUp = problem.retryable
        ? ` Gave up after ${attempt + 1} tries; try again later.`
        : '';
      emit({
        type: 'errorBlockAdded',
        messageId,
        error: `${asSentence(problem.message)}${gaveUp}`,
      });
      return { kind: 'failed', message: problem.message };
    }
  }
}

/** The text of the conversation's last assistant message (what a Stop hook is shown). */
function lastAssistantText(state: ConversationState): string {
  const last = state.messages.findLast((message) => message.role === 'assistant');
  return (last?.blocks ?? []).map((block) => (block.type === 'text' ? block.content : '')).join('');
}

/** Ends a provider's message with a full stop, so what follows reads as a new sentence. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10}s`;
}

/**
 * A reply the model ended on its own, or cut off at its output limit, or withheld. The last two
 * say so in the conversation: silently ending there would read as a finished answer.
 */
function endOfReply(deps: TurnLoopDeps, finishReason: FinishReason | undefined): StopReason {
  const stop =
    finishReason === 'length'
      ? 'max_tokens'
      : finishReason === 'content-filter'
        ? 'refusal'
        : 'end_turn';
  if (stop !== 'end_turn') {
    deps.emit({
      type: 'noticeAdded',
      messageId: deps.newId(),
      createdAt: deps.now(),
      level: 'warning',
      message: STOP_NOTICES[stop],
    });
  }
  return stop;
}

const STOP_NOTICES = {
  max_tokens:
    'The reply was cut off: the model reached its output limit (max_tokens). Ask it to continue, or to answer in parts.',
  refusal:
    'The model declined to answer this request (refusal). Rephrase it, or try another model.',
} as const;

/** What the user sees after a stopped reply, and what the model is told on its next call. */
export const INTERRUPTED_NOTICE = 'Interrupted: the reply above was stopped before it finished.';
export const INTERRUPTED_FOR_MODEL =
  '[The user interrupted your previous reply (pressed stop) before it finished. Anything after what is shown above was not said, and tool calls not marked as finished did not run.]';

/**
 * A stopped reply keeps its partial content (ARCHITECTURE §3); the conversation says that it was
 * stopped, for every host and a restored session alike, and so does the model's next context.
 */
function interrupted(deps: TurnLoopDeps): TurnOutcome {
  deps.emit({
    type: 'noticeAdded',
    messageId: deps.newId(),
    createdAt: deps.now(),
    level: 'warning',
    message: INTERRUPTED_NOTICE,
    toModel: INTERRUPTED_FOR_MODEL,
  });
  return { stopReason: 'aborted' };
}

/**
 * The turn goes on with the next fallback model (`--fallback-model`), said as a notice; the
 * session's model is tried again at the next turn. A model that cannot be made fails the turn.
 */
function nextFallback(
  deps: TurnLoopDeps,
  headline: string,
): { readonly deps: TurnLoopDeps } | { readonly failed: string } {
  const [next, ...rest] = deps.fallbacks ?? [];
  if (next === undefined) return { failed: headline };
  let model: LanguageModel;
  try {
    model = next.model();
  } catch (error) {
    return {
      failed: `${asSentence(headline)} The fallback model ${next.name} cannot be used: ${errorText(error)}`,
    };
  }
  deps.emit({
    type: 'noticeAdded',
    messageId: deps.newId(),
    createdAt: deps.now(),
    level: 'warning',
    message: `${asSentence(headline)} The turn goes on with the fallback model ${next.name}.`,
  });
  return { deps: { ...deps, model, fallbacks: rest } };
}

export async function runTurn(start: TurnLoopDeps, signal: AbortSignal): Promise<TurnOutcome> {
  let stopHookActive = false;
  let deps = start;
  for (let call = 0; call < deps.maxTurns; call++) {
    const outcome = await callModel(deps, signal);
    if (outcome.kind === 'aborted') return interrupted(deps);
    if (outcome.kind === 'failed') return { stopReason: 'error', error: outcome.message };
    if (outcome.kind === 'unavailable') {
      const next = nextFallback(deps, outcome.headline);
      if ('failed' in next) return { stopReason: 'error', error: next.failed };
      deps = next.deps;
      // The call that found the model unavailable answered nothing: it does not count.
      call--;
      continue;
    }
    // A hook said `continue: false`: its run in the conversation says why.
    if (deps.hooks?.stopped !== undefined) return { stopReason: 'end_turn' };
    if (outcome.toolCalls === 0) {
      const stop = endOfReply(deps, outcome.finishReason);
      // A Stop hook that blocks continues the turn, its reason told to the model.
      if (stop === 'end_turn' && deps.hooks) {
        const goOn = await deps.hooks.stop(
          stopHookActive,
          lastAssistantText(deps.state()),
          signal,
          deps.emit,
        );
        if (signal.aborted) return interrupted(deps);
        if (goOn) {
          stopHookActive = true;
          continue;
        }
      }
      return { stopReason: stop };
    }
    if (signal.aborted) return interrupted(deps);
  }
  deps.emit({
    type: 'noticeAdded',
    messageId: deps.newId(),
    createdAt: deps.now(),
    level: 'info',
    message: `Stopped after ${deps.maxTurns === 1 ? '1 model call' : `${deps.maxTurns} model calls`} (the maxTurns limit). Send a message to let the agent continue.`,
  });
  return { stopReason: 'max_turns' };
}
