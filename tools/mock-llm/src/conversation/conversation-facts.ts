// What a request says, reduced to the few facts turn matching and error messages need,
// read the same way from an OpenAI Chat Completions body, an OpenAI Responses body, an
// Anthropic Messages body and a Gemini `generateContent` body.

export type WireApi = 'openai' | 'responses' | 'anthropic' | 'gemini';

export interface ConversationFacts {
  api: WireApi;
  model: string;
  stream: boolean;
  /** OpenAI `stream_options.include_usage`: only then does a stream end with a usage chunk. */
  includeUsage: boolean;
  messageCount: number;
  /** Text of the last user message that carries text (Anthropic tool-result-only messages are skipped). */
  lastUserText: string | undefined;
  /** Tool results sent since the last assistant message: the ones this request answers with. */
  recentToolResults: string[];
  /** Size of the messages, for a default input token count. */
  promptChars: number;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of string content or of the `{type:'text', text}` parts of array content. */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .filter(isRecord)
    .filter((part) => part['type'] === 'text' && typeof part['text'] === 'string')
    .map((part) => String(part['text']));
  return texts.length === 0 ? undefined : texts.join('\n');
}

function messagesOf(body: Json): Json[] {
  const messages = body['messages'];
  return Array.isArray(messages) ? messages.filter(isRecord) : [];
}

function lastIndexOfRole(messages: Json[], role: string): number {
  return messages.findLastIndex((message) => message['role'] === role);
}

function openAiFacts(
  messages: Json[],
): Pick<ConversationFacts, 'lastUserText' | 'recentToolResults'> {
  const lastUser = messages.findLast((message) => message['role'] === 'user');
  const recentToolResults = messages
    .slice(lastIndexOfRole(messages, 'assistant') + 1)
    .filter((message) => message['role'] === 'tool')
    .map((message) => textOf(message['content']) ?? '');
  return { lastUserText: lastUser && textOf(lastUser['content']), recentToolResults };
}

function anthropicFacts(
  messages: Json[],
): Pick<ConversationFacts, 'lastUserText' | 'recentToolResults'> {
  const userTexts = messages
    .filter((message) => message['role'] === 'user')
    .map((message) => textOf(message['content']))
    .filter((text) => text !== undefined);
  const recentToolResults = messages
    .slice(lastIndexOfRole(messages, 'assistant') + 1)
    .flatMap((message): unknown[] => {
      const content: unknown = message['content'];
      return Array.isArray(content) ? content : [];
    })
    .filter(isRecord)
    .filter((block) => block['type'] === 'tool_result')
    .map((block) => textOf(block['content']) ?? '');
  return { lastUserText: userTexts.at(-1), recentToolResults };
}

/**
 * A Responses request's `input`: a string, or items (`message` with `input_text` parts,
 * `function_call`, `function_call_output`, `reasoning`, …) in the order of the conversation.
 */
function responsesFacts(
  body: Json,
): Pick<ConversationFacts, 'lastUserText' | 'recentToolResults' | 'messageCount' | 'promptChars'> {
  const input = body['input'];
  const instructions = typeof body['instructions'] === 'string' ? body['instructions'].length : 0;
  if (typeof input === 'string') {
    return {
      lastUserText: input,
      recentToolResults: [],
      messageCount: 1,
      promptChars: input.length + instructions,
    };
  }
  const items = Array.isArray(input) ? input.filter(isRecord) : [];
  const textOfItem = (item: Json): string | undefined => {
    const content = item['content'];
    if (typeof content === 'string') return content;
    if (!Array.isArray(content)) return undefined;
    const texts = content
      .filter(isRecord)
      .filter((part) => part['type'] === 'input_text' && typeof part['text'] === 'string')
      .map((part) => String(part['text']));
    return texts.length === 0 ? undefined : texts.join('\n');
  };
  const isAssistantTurn = (item: Json) =>
    item['role'] === 'assistant' || item['type'] === 'function_call';
  const recentToolResults = items
    .slice(items.findLastIndex(isAssistantTurn) + 1)
    .filter((item) => item['type'] === 'function_call_output')
    .map((item) =>
      typeof item['output'] === 'string' ? item['output'] : (textOfItem(item) ?? ''),
    );
  const lastUser = items.findLast(
    (item) => item['role'] === 'user' && textOfItem(item) !== undefined,
  );
  return {
    lastUserText: lastUser && textOfItem(lastUser),
    recentToolResults,
    messageCount: items.length,
    promptChars: JSON.stringify(items).length + instructions,
  };
}

/**
 * A Gemini request's `contents`: `user` and `model` turns of parts (`text`, `functionCall`,
 * `functionResponse`); the model and whether it streams are in the URL, not the body.
 */
function geminiFacts(
  body: Json,
): Pick<ConversationFacts, 'lastUserText' | 'recentToolResults' | 'messageCount' | 'promptChars'> {
  const contents = Array.isArray(body['contents']) ? body['contents'].filter(isRecord) : [];
  const partsOf = (content: Json): Json[] =>
    Array.isArray(content['parts']) ? content['parts'].filter(isRecord) : [];
  const textOfContent = (content: Json): string | undefined => {
    const texts = partsOf(content)
      .filter((part) => typeof part['text'] === 'string' && part['thought'] !== true)
      .map((part) => String(part['text']));
    return texts.length === 0 ? undefined : texts.join('\n');
  };
  const recentToolResults = contents
    .slice(lastIndexOfRole(contents, 'model') + 1)
    .flatMap(partsOf)
    .flatMap((part) => (isRecord(part['functionResponse']) ? [part['functionResponse']] : []))
    .map((result) => {
      const answer = result['response'];
      const content = isRecord(answer) ? answer['content'] : undefined;
      return typeof content === 'string' ? content : JSON.stringify(answer ?? '');
    });
  const lastUser = contents.findLast(
    (content) => content['role'] === 'user' && textOfContent(content) !== undefined,
  );
  return {
    lastUserText: lastUser && textOfContent(lastUser),
    recentToolResults,
    messageCount: contents.length,
    promptChars:
      JSON.stringify(contents).length + JSON.stringify(body['systemInstruction'] ?? '').length,
  };
}

/** Where a Gemini request names its model and whether it streams: `/v1beta/models/{model}:{method}`. */
export interface GeminiTarget {
  model: string;
  stream: boolean;
}

export function readConversationFacts(
  api: WireApi,
  body: Json,
  gemini?: GeminiTarget,
): ConversationFacts {
  if (api === 'gemini') {
    return {
      api,
      model: gemini?.model ?? 'mock-model',
      stream: gemini?.stream ?? false,
      includeUsage: true,
      ...geminiFacts(body),
    };
  }
  const common = {
    api,
    model: typeof body['model'] === 'string' ? body['model'] : 'mock-model',
    stream: body['stream'] === true,
  };
  // The Responses API always reports usage at the end of a stream.
  if (api === 'responses') return { ...common, includeUsage: true, ...responsesFacts(body) };
  const messages = messagesOf(body);
  const streamOptions = body['stream_options'];
  return {
    ...common,
    includeUsage: isRecord(streamOptions) && streamOptions['include_usage'] === true,
    messageCount: messages.length,
    promptChars:
      JSON.stringify(messages).length +
      (typeof body['system'] === 'string' ? body['system'].length : 0),
    ...(api === 'openai' ? openAiFacts(messages) : anthropicFacts(messages)),
  };
}
