// Gemini's `generateContent` answer and `streamGenerateContent?alt=sse` stream (what Gemini CLI
// and the AI SDK's google provider speak): `GenerateContentResponse` chunks, each one
// `data: {…}` event with no name and no end marker. Thoughts are text parts with
// `thought: true`; a function call comes whole, in one part. A reasoning part's signature
// travels as Gemini 3's `thoughtSignature`: on the first function call after the thoughts, or,
// with none, on an empty text part at the end (as the recorded streams show), and the client
// must send it back on that part.
import { chunkText } from './chunk-text.js';
import type { PlannedPart, ReplyPlan } from './reply-plan.js';

type Json = Record<string, unknown>;

const FINISH_REASON: Readonly<Record<ReplyPlan['stopReason'], string>> = {
  end_turn: 'STOP',
  tool_use: 'STOP',
  stop_sequence: 'STOP',
  max_tokens: 'MAX_TOKENS',
  refusal: 'SAFETY',
};

function usageMetadata(plan: ReplyPlan): Json {
  const thoughts = plan.parts
    .filter((part) => part.type === 'reasoning')
    .reduce((sum, part) => sum + Math.ceil(part.text.length / 4), 0);
  return {
    promptTokenCount: plan.usage.inputTokens,
    candidatesTokenCount: plan.usage.outputTokens,
    totalTokenCount: plan.usage.inputTokens + plan.usage.outputTokens + thoughts,
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
  };
}

/** The response's content parts, each cut into the pieces a stream sends (a call stays whole). */
function contentPieces(plan: ReplyPlan, chunkSize: number): Json[][] {
  const pieces: Json[][] = [];
  let signature: string | undefined;
  for (const part of plan.parts) {
    pieces.push(partPieces(part, chunkSize, signature));
    if (part.type === 'reasoning') signature = part.signature;
    else if (part.type === 'tool_call') signature = undefined;
  }
  if (signature !== undefined) pieces.push([{ text: '', thoughtSignature: signature }]);
  return pieces;
}

function partPieces(part: PlannedPart, chunkSize: number, signature: string | undefined): Json[] {
  if (part.type === 'tool_call') {
    return [
      {
        functionCall: { name: part.name, args: part.input },
        ...(signature !== undefined ? { thoughtSignature: signature } : {}),
      },
    ];
  }
  const thought = part.type === 'reasoning' ? { thought: true } : {};
  return [...chunkText(part.text, chunkSize)].map((text) => ({ text, ...thought }));
}

function response(plan: ReplyPlan, parts: Json[], last: boolean): Json {
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(last ? { finishReason: FINISH_REASON[plan.stopReason] } : {}),
        index: 0,
      },
    ],
    usageMetadata: usageMetadata(plan),
    modelVersion: plan.model,
    responseId: plan.responseId,
  };
}

/** The whole answer of `generateContent`. */
export function geminiBody(plan: ReplyPlan): string {
  const parts = contentPieces(plan, Number.MAX_SAFE_INTEGER).flat();
  return JSON.stringify(response(plan, parts, true));
}

/** The events of `streamGenerateContent?alt=sse`: one part per chunk, the last with the finish reason. */
export function* geminiStreamFrames(plan: ReplyPlan): Generator<string> {
  const parts = contentPieces(plan, plan.chunkSize).flat();
  if (parts.length === 0) parts.push({ text: '' });
  for (const [index, part] of parts.entries())
    yield `data: ${JSON.stringify(response(plan, [part], index === parts.length - 1))}\r\n\r\n`;
}
