// The text of a user message the app sent (an Anthropic MessageParam: a string, or content
// blocks of which the text ones are taken).
import { isRecord } from '@wave-agent/shared-protocol';

export function userText(message: unknown): string | undefined {
  if (!isRecord(message)) return undefined;
  const content = message['content'];
  if (typeof content === 'string') return content.trim() === '' ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const text = content
    .map((part: unknown) =>
      isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string'
        ? part['text']
        : '',
    )
    .join('\n');
  return text.trim() === '' ? undefined : text;
}
