// Compaction: a model call writes a summary of the conversation; the model context is folded
// into it (model-context.ts starts at the last compact block) while the display keeps every
// message, and the compact block is appended to the display stream (ARCHITECTURE §2.11).
import type { LanguageModel } from 'ai';
import type { Message, Usage } from '@wave-agent/shared-protocol';
import type { AttachmentAccess } from '../attachments/attachment-parts.js';
import { toModelMessages } from '../loop/model-context.js';
import { generateModelText } from '../model/model-call.js';

const SUMMARY_SYSTEM =
  'You write the working memory of a coding agent. Summarize the conversation so that the agent can continue the work from your summary alone.';

const SUMMARY_REQUEST = [
  'Summarize the conversation so far for yourself, to continue from it. Include:',
  '- what the user asked for and every decision or preference they stated;',
  '- the files read or changed, with the important details (names, signatures, commands, errors);',
  '- what is done, what is in progress, and the exact next steps.',
  'Write plain prose and short lists; no preamble.',
].join('\n');

/** Above this share of the model's context window, the conversation is compacted before the next call. */
export const AUTO_COMPACT_SHARE = 0.8;

export interface CompactionRequest {
  readonly model: LanguageModel;
  readonly messages: readonly Message[];
  /** The kept content of the conversation's attachments. */
  readonly attachments?: AttachmentAccess;
  readonly instructions?: string;
  readonly signal: AbortSignal;
  readonly maxOutputTokens?: number;
}

export async function summarizeConversation(
  request: CompactionRequest,
): Promise<{ summary: string; usage?: Usage }> {
  const focus = request.instructions?.trim()
    ? `\n\nThe user asks you to focus on: ${request.instructions.trim()}`
    : '';
  const result = await generateModelText({
    model: request.model,
    system: SUMMARY_SYSTEM,
    messages: [
      ...toModelMessages(request.messages, request.attachments),
      { role: 'user', content: `${SUMMARY_REQUEST}${focus}` },
    ],
    abortSignal: request.signal,
    maxRetries: 2,
    ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
  });
  const summary = result.text.trim();
  if (!summary)
    throw new Error('The model returned an empty summary, so the conversation was not compacted.');
  return { summary, ...(result.usage ? { usage: result.usage } : {}) };
}

/** Whether the last model call used enough of the window to compact before the next one. */
export function needsCompaction(messages: readonly Message[], contextWindow: number): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.blocks.some((block) => block.type === 'compact')) return false;
    if (message?.role === 'assistant' && message.usage)
      return message.usage.inputTokens >= contextWindow * AUTO_COMPACT_SHARE;
  }
  return false;
}
