// What the model was asked: the last user message of each request mock-llm received, as JSON
// text (its content may be a string or parts), to tell which prompt a request answered.
import type { MockLlm } from '@wave-agent/mock-llm';

interface RequestBody {
  readonly messages?: readonly { readonly role: string; readonly content: unknown }[];
}

export function lastUserTexts(llm: MockLlm): string[] {
  return llm.requests.map((request) => {
    const messages = (request.body as RequestBody).messages ?? [];
    return JSON.stringify(messages.filter((message) => message.role === 'user').at(-1)?.content);
  });
}

/** How many requests were asked `text` last. */
export function requestsAsking(llm: MockLlm, text: string): number {
  return lastUserTexts(llm).filter((asked) => asked.includes(text)).length;
}

interface ToolResultPart {
  readonly type?: string;
  readonly content?: unknown;
}

/** The tool results the model read in the last request (either wire), joined by blank lines. */
export function lastToolResults(llm: MockLlm): string {
  const messages = (llm.requests.at(-1)?.body as RequestBody | undefined)?.messages ?? [];
  const texts = messages.flatMap((message): string[] => {
    if (message.role === 'tool')
      return [
        typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
      ];
    if (!Array.isArray(message.content)) return [];
    return (message.content as readonly ToolResultPart[])
      .filter((part) => part.type === 'tool_result')
      .map((part) =>
        typeof part.content === 'string' ? part.content : JSON.stringify(part.content),
      );
  });
  return texts.join('\n\n');
}
