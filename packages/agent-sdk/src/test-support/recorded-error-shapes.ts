// Error events as real servers send them inside a 200 stream, for mock-llm's `stream-error` fault
// with `line`. The messages are the providers' own words; ids and numbers are shortened.

/** OpenAI (and SGLang, Exo): an error object alone on a data line, then the stream ends. */
export const OPENAI_SERVER_ERROR_MESSAGE =
  'The server had an error processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if you keep seeing this error.';

/**
 * OpenRouter: a normal chunk that also carries `error` and a `finish_reason` of "error" when the
 * upstream provider fails after the reply started (openrouter.ai/docs/api-reference/streaming).
 */
export const OPENROUTER_ERROR_CHUNK =
  'data: {"id":"gen-1","object":"chat.completion.chunk","created":1730000000,"model":"openai/gpt-4o","provider":"OpenAI","error":{"code":"server_error","message":"Provider disconnected unexpectedly"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}';

/** vLLM: a top-level error object, no `error` key and no choices. */
export const VLLM_ERROR_OBJECT =
  'data: {"object":"error","message":"EngineCore encountered an issue. See stack trace (above) for the root cause.","type":"InternalServerError","param":null,"code":500}';
