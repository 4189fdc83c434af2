// The SSE events of an Anthropic Messages stream, one string per event (`event:` line + `data:` line).
// Delta frames are a precomputed prefix + the JSON-encoded chunk + a suffix.
import { chunkText } from './chunk-text.js';
import type { PlannedPart, ReplyPlan } from './reply-plan.js';

export function sseEvent(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

function blockStart(part: PlannedPart): Record<string, unknown> {
  if (part.type === 'text') return { type: 'text', text: '' };
  if (part.type === 'reasoning') return { type: 'thinking', thinking: '', signature: '' };
  return { type: 'tool_use', id: part.id, name: part.name, input: {} };
}

function* blockDeltas(part: PlannedPart, index: number, chunkSize: number): Generator<string> {
  const prefix = `event: content_block_delta\ndata: {"type":"content_block_delta","index":${index},"delta":`;
  if (part.type === 'tool_call') {
    for (const chunk of chunkText(part.argumentsJson, chunkSize)) {
      yield `${prefix}{"type":"input_json_delta","partial_json":${JSON.stringify(chunk)}}}\n\n`;
    }
    return;
  }
  const deltaHead =
    part.type === 'text' ? '{"type":"text_delta","text":' : '{"type":"thinking_delta","thinking":';
  for (const chunk of chunkText(part.text, chunkSize))
    yield `${prefix}${deltaHead}${JSON.stringify(chunk)}}}\n\n`;
  // The real API closes every thinking block with its signature, in one delta, just before the stop.
  if (part.type === 'reasoning') {
    yield `${prefix}{"type":"signature_delta","signature":${JSON.stringify(part.signature)}}}\n\n`;
  }
}

export function* anthropicStreamFrames(plan: ReplyPlan): Generator<string> {
  yield sseEvent('message_start', {
    type: 'message_start',
    message: {
      id: plan.responseId,
      type: 'message',
      role: 'assistant',
      model: plan.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: plan.usage.inputTokens, output_tokens: 1 },
    },
  });
  let pinged = false;
  for (const [index, part] of plan.parts.entries()) {
    yield sseEvent('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: blockStart(part),
    });
    // As the real API does: one keep-alive ping early in the stream, which clients must ignore.
    if (!pinged) {
      pinged = true;
      yield sseEvent('ping', { type: 'ping' });
    }
    yield* blockDeltas(part, index, plan.chunkSize);
    yield sseEvent('content_block_stop', { type: 'content_block_stop', index });
  }
  if (!pinged) yield sseEvent('ping', { type: 'ping' });
  yield sseEvent('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: plan.stopReason, stop_sequence: null },
    usage: { output_tokens: plan.usage.outputTokens },
  });
  yield sseEvent('message_stop', { type: 'message_stop' });
}
