// A real process that makes one model call (PROVIDER at MOCK_URL) and prints whether Node's
// fetch implementation (undici) was loaded meanwhile: httpFetch and the patched provider-utils
// never need it.
import { Agent } from '../agent.js';

const provider = process.env.PROVIDER === 'anthropic' ? 'anthropic' : 'openai';
const agent = await Agent.create({
  provider,
  model: 'mock-model',
  baseURL: provider === 'openai' ? `${process.env.MOCK_URL}/v1` : process.env.MOCK_URL,
  apiKey: 'test-key',
  env: {},
  workdir: process.env.WORKDIR,
  waveHome: process.env.WAVE_HOME,
});
await agent.sendMessage('hello');
// Node's own list of the internal modules it loaded (not in its types).
const list: unknown = Reflect.get(process, 'moduleLoadList');
const loaded = Array.isArray(list)
  ? list.filter((name): name is string => typeof name === 'string' && name.includes('undici'))
  : ['(process.moduleLoadList is missing)'];
const reply = agent.messages
  .at(-1)
  ?.blocks.map((block) => (block.type === 'text' ? block.content : ''))
  .join('');
process.stdout.write(`${JSON.stringify({ text: reply, loaded })}\n`);
agent.destroy();
