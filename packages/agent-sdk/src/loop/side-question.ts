// /btw: a side question answered by a fork of the current context, without tools. Its answer
// streams to the asker as deltas and is never written into the conversation.
import type { LanguageModel } from 'ai';
import type { Message } from '@wave-agent/shared-protocol';
import { streamModel } from '../model/model-call.js';
import type { AttachmentAccess } from '../attachments/attachment-parts.js';
import { toModelMessages } from './model-context.js';

export interface SideQuestion {
  readonly model: LanguageModel;
  readonly system: string;
  readonly messages: readonly Message[];
  /** The kept content of the conversation's attachments. */
  readonly attachments?: AttachmentAccess;
  readonly question: string;
  readonly signal: AbortSignal;
  readonly idleTimeoutMs: number;
  readonly maxOutputTokens?: number;
  /** Each piece of the answer as it arrives. */
  readonly onChunk: (chunk: string) => void;
}

const SIDE_NOTE =
  '\n\n(This is a side question. Answer it briefly from what you already know of this conversation; you cannot use tools for it.)';

/** Streams the answer through onChunk; resolves when it is complete. */
export async function askSideQuestion(request: SideQuestion): Promise<void> {
  await streamModel(
    {
      model: request.model,
      system: request.system,
      messages: [
        ...toModelMessages(request.messages, request.attachments),
        { role: 'user', content: `${request.question}${SIDE_NOTE}` },
      ],
      tools: [],
      abortSignal: request.signal,
      idleTimeoutMs: request.idleTimeoutMs,
      ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
    },
    (part) => {
      if (part.type === 'text' && part.text) request.onChunk(part.text);
    },
  );
}
