// One call to the model: the AI SDK's stream (or, as a last resort, its one-shot answer)
// normalized into ModelParts. No retries here; the turn loop decides about those.
import { generateText, jsonSchema, streamText, tool, zodSchema } from 'ai';
import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolSet } from 'ai';
import type { FinishReason, ProviderMetadata, Usage } from '@wave-agent/shared-protocol';
import type { SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { ToolDefinition } from '../tools/tool.js';
import { toProviderMetadata } from './provider-metadata.js';
import { StreamStallError } from './model-errors.js';
import type { ModelPart } from './stream-parts.js';

export interface ModelCallRequest {
  readonly model: LanguageModel;
  readonly system: string;
  readonly messages: readonly ModelMessage[];
  readonly tools: readonly ToolDefinition<unknown>[];
  readonly abortSignal: AbortSignal;
  /** A stream that sends nothing for this long is treated as broken. */
  readonly idleTimeoutMs: number;
  readonly maxOutputTokens?: number;
}

/** Tools are described to the model by their schemas; Wave executes them itself (no `execute`). */
function toToolSet(tools: readonly ToolDefinition<unknown>[]): ToolSet {
  const set: ToolSet = {};
  for (const definition of tools) {
    set[definition.name] = tool({
      description: definition.description,
      inputSchema: definition.modelSchema
        ? jsonSchema(definition.modelSchema)
        : zodSchema(definition.inputSchema),
    });
  }
  return set;
}

export function toUsage(usage: LanguageModelUsage | undefined): Usage | undefined {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined))
    return undefined;
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    ...(usage.outputTokenDetails?.reasoningTokens !== undefined
      ? { reasoningTokens: usage.outputTokenDetails.reasoningTokens }
      : {}),
    ...(usage.inputTokenDetails?.cacheReadTokens !== undefined
      ? { cachedInputTokens: usage.inputTokenDetails.cacheReadTokens }
      : {}),
  };
}

function toFinishReason(reason: string): FinishReason {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool-calls':
    case 'content-filter':
    case 'error':
      return reason;
    default:
      return 'other';
  }
}

function inputText(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

function metadataOf(value: SharedV3ProviderMetadata | undefined): {
  providerMetadata?: ProviderMetadata;
} {
  const providerMetadata = toProviderMetadata(value);
  return providerMetadata ? { providerMetadata } : {};
}

function commonSettings(request: ModelCallRequest, signal: AbortSignal) {
  return {
    model: request.model,
    system: request.system,
    messages: [...request.messages],
    tools: toToolSet(request.tools),
    maxRetries: 0,
    abortSignal: signal,
    ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
  };
}

/**
 * streamText hands out each stream as one branch of a `tee()` and keeps the other branch for a
 * later reader; nobody reads it here, so it would buffer every part of the call until the call
 * ends (hundreds of MB for a long reply in small chunks; vercel/ai#16753). Cancelling that
 * spare branch stops the buffering; the branch being read is unaffected (a tee cancels its
 * source only when both branches are cancelled). A later AI SDK without the field is left alone.
 */
function releaseUnreadBranch(result: object): void {
  const spare: unknown = Reflect.get(result, 'baseStream');
  if (spare instanceof ReadableStream) spare.cancel().catch(() => {});
}

/** Streams one model call. Throws on any failure (HTTP error, broken stream, stall, abort). */
export async function* streamModel(request: ModelCallRequest): AsyncGenerator<ModelPart> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(request.abortSignal.reason);
  request.abortSignal.addEventListener('abort', forwardAbort, { once: true });
  let stalled: StreamStallError | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      stalled = new StreamStallError(request.idleTimeoutMs);
      controller.abort(stalled);
    }, request.idleTimeoutMs);
  };

  let usage: Usage | undefined;
  try {
    armIdleTimer();
    const result = streamText({ ...commonSettings(request, controller.signal), onError: () => {} });
    const parts = result.fullStream;
    releaseUnreadBranch(result);
    for await (const part of parts) {
      armIdleTimer();
      switch (part.type) {
        case 'text-delta':
          if (part.text) yield { type: 'text', text: part.text };
          break;
        case 'text-end':
          yield { type: 'text-end' };
          break;
        case 'reasoning-delta':
          yield { type: 'reasoning', text: part.text, ...metadataOf(part.providerMetadata) };
          break;
        case 'reasoning-end':
          yield { type: 'reasoning-end', ...metadataOf(part.providerMetadata) };
          break;
        case 'tool-input-start':
          yield { type: 'tool-input-start', id: part.id, toolName: part.toolName };
          break;
        case 'tool-input-delta':
          yield { type: 'tool-input-delta', id: part.id, delta: part.delta };
          break;
        case 'tool-call':
          yield {
            type: 'tool-call',
            id: part.toolCallId,
            toolName: part.toolName,
            input: inputText(part.input),
          };
          break;
        case 'finish-step':
          usage = toUsage(part.usage);
          break;
        case 'finish':
          yield {
            type: 'finish',
            finishReason: toFinishReason(part.finishReason),
            ...(usage ? { usage } : {}),
          };
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw stalled ?? request.abortSignal.reason ?? new Error('The model call was aborted.');
        default:
          break;
      }
    }
    if (stalled) throw stalled;
  } catch (error) {
    throw stalled ?? error;
  } finally {
    clearTimeout(idleTimer);
    request.abortSignal.removeEventListener('abort', forwardAbort);
  }
}

/** The same call without streaming: the whole answer at once, as parts. */
export async function generateModel(request: ModelCallRequest): Promise<ModelPart[]> {
  const result = await generateText(commonSettings(request, request.abortSignal));
  const parts: ModelPart[] = [];
  for (const part of result.content) {
    if (part.type === 'reasoning') {
      parts.push({ type: 'reasoning', text: part.text, ...metadataOf(part.providerMetadata) });
      parts.push({ type: 'reasoning-end' });
    } else if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text }, { type: 'text-end' });
    } else if (part.type === 'tool-call') {
      parts.push({ type: 'tool-input-start', id: part.toolCallId, toolName: part.toolName });
      parts.push({
        type: 'tool-call',
        id: part.toolCallId,
        toolName: part.toolName,
        input: inputText(part.input),
      });
    }
  }
  const usage = toUsage(result.usage);
  parts.push({
    type: 'finish',
    finishReason: toFinishReason(result.finishReason),
    ...(usage ? { usage } : {}),
  });
  return parts;
}
