// What the model sees is derived from the conversation state, never kept beside it: the
// messages after the last compaction, with tool results and reasoning (and its provider data,
// e.g. Anthropic signatures) sent back as the provider expects.
import { isRecord } from '@wave-agent/shared-protocol';
import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserContent } from 'ai';
import type { Block, Message, ToolBlock } from '@wave-agent/shared-protocol';
import { attachmentParts } from '../attachments/attachment-parts.js';
import type { AttachmentAccess } from '../attachments/attachment-parts.js';

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type ToolResultPart = ToolModelMessage['content'][number];

export const COMPACT_SUMMARY_PREFIX =
  'This is a summary of the conversation so far (older turns were compacted):\n\n';

function parsedInput(parameters: string): unknown {
  try {
    const value: unknown = JSON.parse(parameters);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

function bangText(block: Extract<Block, { type: 'bang' }>): string {
  const status =
    block.exitCode === undefined
      ? ''
      : `\n(exit code ${block.exitCode ?? 'none: killed by a signal'})`;
  return `I ran \`${block.command}\` in the shell. Its output:\n\`\`\`\n${block.output}\n\`\`\`${status}`;
}

function userContent(message: Message): string {
  return message.blocks
    .map((block) =>
      block.type === 'text'
        ? (block.toModel ?? block.content)
        : block.type === 'bang'
          ? bangText(block)
          : '',
    )
    .filter(Boolean)
    .join('\n\n');
}

/** What the call's hooks told the model (PostToolUse context, …), after its result. */
function withHookContext(text: string, block: ToolBlock): string {
  const told = (block.hooks ?? []).flatMap((run) => (run.toModel ? [run.toModel] : []));
  return told.length === 0 ? text : [text, ...told].join('\n\n');
}

function toolResult(block: ToolBlock): ToolResultPart {
  const output = toolOutput(block);
  return {
    type: 'tool-result',
    toolCallId: block.id,
    toolName: block.name,
    output: { ...output, value: withHookContext(output.value, block) },
  };
}

function toolOutput(block: ToolBlock): { type: 'text' | 'error-text'; value: string } {
  return block.error !== undefined
    ? // A failing tool's own output explains the failure; a denied or skipped call has only the error.
      { type: 'error-text' as const, value: block.result ?? block.error }
    : block.stage === 'end'
      ? { type: 'text' as const, value: block.result ?? '' }
      : {
          type: 'error-text' as const,
          value: 'The tool call did not finish (the turn was interrupted).',
        };
}

function assistantMessages(message: Message): ModelMessage[] {
  // In the order the model wrote them: Anthropic wants its signed thinking and redacted_thinking
  // blocks back unchanged and where they were, before the tool calls they led to.
  const content: AssistantPart[] = [];
  const tools: ToolBlock[] = [];
  for (const block of message.blocks) {
    if (block.type === 'reasoning') {
      content.push({
        type: 'reasoning',
        text: block.content,
        ...(block.providerMetadata ? { providerOptions: { ...block.providerMetadata } } : {}),
      });
    } else if (block.type === 'text' && block.content) {
      content.push({
        type: 'text',
        text: block.content,
        ...(block.providerMetadata ? { providerOptions: { ...block.providerMetadata } } : {}),
      });
    } else if (block.type === 'tool') {
      tools.push(block);
      content.push({
        type: 'tool-call',
        toolCallId: block.id,
        toolName: block.name,
        input: parsedInput(block.parameters),
        ...(block.providerMetadata ? { providerOptions: { ...block.providerMetadata } } : {}),
      });
    }
  }
  if (content.length === 0) return [];
  const out: ModelMessage[] = [{ role: 'assistant', content }];
  if (tools.length > 0) out.push({ role: 'tool', content: tools.map(toolResult) });
  return out;
}

/** Index of the first message the model still sees in full: the last compaction, if any. */
function contextStart(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.blocks.some((block) => block.type === 'compact')) return i;
  }
  return 0;
}

/** The user message's text, then each attachment as its parts (a plain string when it has none). */
function userMessageContent(
  message: Message,
  attachments: AttachmentAccess,
): UserContent | undefined {
  const text = userContent(message);
  const attached = message.blocks.flatMap((block) =>
    block.type === 'attachment' ? attachmentParts(block, attachments) : [],
  );
  if (attached.length === 0) return text || undefined;
  return [...(text ? [{ type: 'text' as const, text }] : []), ...attached];
}

const NO_ATTACHMENTS: AttachmentAccess = { read: () => undefined, images: true };

/** The model messages of the conversation; attachments' content comes from `attachments`. */
export function toModelMessages(
  messages: readonly Message[],
  attachments: AttachmentAccess = NO_ATTACHMENTS,
): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages.slice(contextStart(messages))) {
    const compact = message.blocks.find((block) => block.type === 'compact');
    if (compact) {
      out.push({ role: 'user', content: `${COMPACT_SUMMARY_PREFIX}${compact.summary}` });
    } else if (message.role === 'user') {
      const content = userMessageContent(message, attachments);
      if (content !== undefined) out.push({ role: 'user', content });
    } else if (message.role === 'assistant') {
      out.push(...assistantMessages(message));
    } else {
      // Wave's own notices and hook runs are for the user, except what one says the model must
      // know too.
      for (const block of message.blocks)
        if ((block.type === 'notice' || block.type === 'hook') && block.toModel)
          out.push({ role: 'user', content: block.toModel });
    }
  }
  return out;
}
