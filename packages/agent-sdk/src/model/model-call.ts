// One call to the model: the provider's own stream (the AI SDK's language model interface,
// `doStream`), normalized into ModelParts as each part arrives; or, as a last resort, its
// one-shot answer (`doGenerate`). No retries here; the turn loop decides about those.
//
// Why not streamText: Wave runs its tools itself (no `execute`, one step per call), so all
// streamText added per chunk was a pipeline of further stream stages (tool parsing, stitching,
// output parsing, a tee) and copies of the whole reply kept per chunk that nobody reads: about
// a third of the CPU the AI SDK spent per chunk, and the tee's spare branch buffered every part of the
// call (issue 9 §7, issue 12). The prompt and the tools are prepared with the AI SDK's own
// functions (ai/internal: the same ones streamText uses), so requests are the same; a tool
// call's input arrives as the model's JSON text, which is what the turn loop wants (streamText
// parsed it, then Wave wrote it back to text). The rest of the AI SDK (streamText, generateText
// and the gateway they bring) is never loaded.
import {
  asLanguageModelUsage,
  convertToLanguageModelPrompt,
  prepareRetries,
  prepareToolsAndToolChoice,
} from 'ai/internal';
import type { LanguageModel, LanguageModelUsage, ModelMessage } from 'ai';
import { jsonSchema } from '@ai-sdk/provider-utils';
import type { FinishReason, ProviderMetadata, Usage } from '@wave-agent/shared-protocol';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FunctionTool,
  LanguageModelV3ProviderTool,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
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
  /** What the provider is asked besides the prompt (thinking at the session's effort). */
  readonly providerOptions?: SharedV3ProviderOptions;
}

type ProviderTool = LanguageModelV3FunctionTool | LanguageModelV3ProviderTool;

/** A tool's description for the model, made once per definition (its JSON schema is stable). */
const describedTools = new WeakMap<ToolDefinition<unknown>, readonly ProviderTool[]>();

/** The characters of `tool` as the model is told it (name, description, JSON schema). */
export async function toolDescriptionChars(tool: ToolDefinition<unknown>): Promise<number> {
  return JSON.stringify((await providerTools([tool])) ?? []).length;
}

/** Tools are described to the model by their schemas; Wave executes them itself. */
async function providerTools(
  tools: readonly ToolDefinition<unknown>[],
): Promise<ProviderTool[] | undefined> {
  if (tools.length === 0) return undefined;
  const described: ProviderTool[] = [];
  for (const definition of tools) {
    let tool = describedTools.get(definition);
    if (!tool) {
      const prepared = await prepareToolsAndToolChoice({
        tools: {
          [definition.name]: {
            description: definition.description,
            // An MCP server's tool comes with its own JSON schema, which the model gets as it is.
            inputSchema: definition.modelSchema
              ? jsonSchema(definition.modelSchema)
              : definition.inputSchema,
          },
        },
        toolChoice: undefined,
        activeTools: undefined,
      });
      tool = prepared.tools ?? [];
      describedTools.set(definition, tool);
    }
    described.push(...tool);
  }
  return described;
}

export function languageModelV3(model: LanguageModel): LanguageModelV3 {
  if (typeof model === 'object' && model.specificationVersion === 'v3') return model;
  throw new Error(
    'Wave talks to models through the AI SDK provider interface, version 3: give it a provider model object (such as createOpenAICompatible(...).chatModel(id)), not a model id string or an older provider.',
  );
}

/** The id a model object answers to (what /usage counts its calls under). */
export function modelIdOf(model: LanguageModel): string {
  return typeof model === 'string' ? model : model.modelId;
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
    ...(usage.inputTokenDetails?.cacheWriteTokens
      ? { cacheWriteTokens: usage.inputTokenDetails.cacheWriteTokens }
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

function metadataOf(value: SharedV3ProviderMetadata | undefined): {
  providerMetadata?: ProviderMetadata;
} {
  const providerMetadata = toProviderMetadata(value);
  return providerMetadata ? { providerMetadata } : {};
}

/** What one call sends: the prompt and the tools, prepared as streamText prepares them. */
async function callOptions(
  model: LanguageModelV3,
  request: Pick<
    ModelCallRequest,
    'system' | 'messages' | 'tools' | 'maxOutputTokens' | 'providerOptions'
  >,
  abortSignal: AbortSignal,
): Promise<LanguageModelV3CallOptions> {
  const tools = await providerTools(request.tools);
  const prompt = await convertToLanguageModelPrompt({
    // Wave builds the messages itself (typed), so they are not validated again per call.
    prompt: { system: request.system, messages: [...request.messages] },
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal,
  });
  return {
    prompt,
    ...(tools ? { tools, toolChoice: { type: 'auto' } } : {}),
    ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
    ...(request.providerOptions ? { providerOptions: request.providerOptions } : {}),
    abortSignal,
  };
}

/**
 * Streams one model call, handing each part to `onPart` the moment it arrives (a callback, not an
 * async generator: a generator's step and its promise per part cost more than the part's own
 * handling). Resolves when the call is complete; rejects on any failure (HTTP error, broken
 * stream, stall, abort) — also when `onPart` throws, after cancelling the stream.
 */
export async function streamModel(
  request: ModelCallRequest,
  onPart: (part: ModelPart) => void,
): Promise<void> {
  const model = languageModelV3(request.model);
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(request.abortSignal.reason);
  request.abortSignal.addEventListener('abort', forwardAbort, { once: true });
  let stalled: StreamStallError | undefined;
  // A part only notes when it came; the one timer, when it fires, waits again for what is left of
  // the idle time after the last part (a clearTimeout and a setTimeout per streamed part cost more
  // than the rest of the part's handling here).
  let lastPartAt = performance.now();
  let idleTimer: NodeJS.Timeout | undefined;
  const checkIdle = () => {
    const left = lastPartAt + request.idleTimeoutMs - performance.now();
    if (left > 0) {
      idleTimer = setTimeout(checkIdle, left);
      return;
    }
    stalled = new StreamStallError(request.idleTimeoutMs);
    controller.abort(stalled);
  };
  /** Why the call was cut: a stall, or the caller's abort (its reason, as the caller gave it). */
  const aborted = (): unknown =>
    stalled ?? request.abortSignal.reason ?? new Error('The model call was aborted.');

  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  try {
    idleTimer = setTimeout(checkIdle, request.idleTimeoutMs);
    const { stream } = await model.doStream(await callOptions(model, request, controller.signal));
    lastPartAt = performance.now();
    reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      lastPartAt = performance.now();
      const modelPart = toModelPart(read.value);
      if (modelPart) onPart(modelPart);
    }
    reader = undefined;
    if (stalled) throw stalled;
  } catch (error) {
    // A part the caller could not take, or the provider's error part: the rest is not wanted.
    reader?.cancel(error).catch(() => undefined);
    throw controller.signal.aborted ? aborted() : error;
  } finally {
    clearTimeout(idleTimer);
    request.abortSignal.removeEventListener('abort', forwardAbort);
  }
}

/** One part of the provider's stream as a ModelPart; undefined for parts Wave does not use. */
function toModelPart(part: LanguageModelV3StreamPart): ModelPart | undefined {
  switch (part.type) {
    case 'text-delta':
      // Gemini sends its thought signature on an empty text part: kept, it goes back.
      return part.delta || part.providerMetadata
        ? { type: 'text', text: part.delta, ...metadataOf(part.providerMetadata) }
        : undefined;
    case 'text-end':
      return { type: 'text-end' };
    case 'reasoning-start':
      // Anthropic's redacted_thinking block is all on its start (its `redactedData`): it must
      // go back as it came, so it opens a reasoning block with no text.
      return part.providerMetadata
        ? { type: 'reasoning', text: '', ...metadataOf(part.providerMetadata) }
        : undefined;
    case 'reasoning-delta':
      return { type: 'reasoning', text: part.delta, ...metadataOf(part.providerMetadata) };
    case 'reasoning-end':
      return { type: 'reasoning-end', ...metadataOf(part.providerMetadata) };
    case 'tool-input-start':
      return { type: 'tool-input-start', id: part.id, toolName: part.toolName };
    case 'tool-input-delta':
      return { type: 'tool-input-delta', id: part.id, delta: part.delta };
    case 'tool-call':
      return {
        type: 'tool-call',
        id: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        ...metadataOf(part.providerMetadata),
      };
    case 'finish': {
      const usage = toUsage(asLanguageModelUsage(part.usage));
      return {
        type: 'finish',
        finishReason: toFinishReason(part.finishReason.unified),
        ...(usage ? { usage } : {}),
      };
    }
    case 'error':
      throw part.error;
    default:
      return undefined;
  }
}

/** The same call without streaming: the whole answer at once, as parts. */
export async function generateModel(request: ModelCallRequest): Promise<ModelPart[]> {
  const model = languageModelV3(request.model);
  const result = await model.doGenerate(await callOptions(model, request, request.abortSignal));
  const parts = result.content.flatMap(contentParts);
  const usage = toUsage(asLanguageModelUsage(result.usage));
  parts.push({
    type: 'finish',
    finishReason: toFinishReason(result.finishReason.unified),
    ...(usage ? { usage } : {}),
  });
  return parts;
}

function contentParts(part: LanguageModelV3Content): ModelPart[] {
  switch (part.type) {
    case 'reasoning':
      return [
        { type: 'reasoning', text: part.text, ...metadataOf(part.providerMetadata) },
        { type: 'reasoning-end' },
      ];
    case 'text':
      return [{ type: 'text', text: part.text }, { type: 'text-end' }];
    case 'tool-call':
      return [
        { type: 'tool-input-start', id: part.toolCallId, toolName: part.toolName },
        {
          type: 'tool-call',
          id: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
          ...metadataOf(part.providerMetadata),
        },
      ];
    default:
      return [];
  }
}

export interface TextRequest {
  readonly model: LanguageModel;
  readonly system: string;
  readonly messages: readonly ModelMessage[];
  readonly abortSignal: AbortSignal;
  readonly maxOutputTokens?: number;
  /** Retries of a failure the provider says is worth retrying, with the AI SDK's backoff. */
  readonly maxRetries: number;
}

/** A one-shot call without tools, for its text (a summary). */
export async function generateModelText(
  request: TextRequest,
): Promise<{ text: string; usage?: Usage }> {
  const model = languageModelV3(request.model);
  const options = await callOptions(model, { ...request, tools: [] }, request.abortSignal);
  const { retry } = prepareRetries({
    maxRetries: request.maxRetries,
    abortSignal: request.abortSignal,
  });
  const result = await retry(() => model.doGenerate(options));
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const usage = toUsage(asLanguageModelUsage(result.usage));
  return { text, ...(usage ? { usage } : {}) };
}
