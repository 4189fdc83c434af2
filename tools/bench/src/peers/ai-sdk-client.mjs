// A reference beside the floor of issue 12: the AI SDK's OpenAI-compatible provider alone (the
// one Wave uses), its own stream read part by part and the text written as it arrives. What this
// costs over the floor is the AI SDK's per-chunk work: its stream stages and a zod check of every
// chunk. Wave's patches of the AI SDK (patches/) are in this client's provider too, but Wave also
// registers a parse of the plain delta chunks that spares them the zod check
// (agent-sdk/src/model/openai-chunk-fast-parse.ts), which this client does not: the row is the
// provider as it comes, not a floor under Wave's.
// Usage: node ai-sdk-client.mjs <mock-llm url> <prompt>
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

const [url, prompt] = process.argv.slice(2);
const model = createOpenAICompatible({
  name: 'openai',
  baseURL: `${url}/v1`,
  apiKey: 'bench',
  includeUsage: true,
}).chatModel('bench');
const { stream } = await model.doStream({
  prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
});
for await (const part of stream) {
  if (part.type === 'text-delta') process.stdout.write(part.delta);
  else if (part.type === 'error') throw part.error;
}
process.stdout.write('\n');
