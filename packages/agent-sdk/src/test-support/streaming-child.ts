// A real process running an Agent, for the crash test: it prints every content chunk after the
// agent has emitted it (so after it is on disk), until the test kills it with SIGKILL.
import { Agent } from '../agent.js';

const agent = await Agent.create({
  provider: 'openai',
  model: 'mock-model',
  baseURL: `${process.env.MOCK_URL}/v1`,
  apiKey: 'test-key',
  env: {},
  workdir: process.env.WORKDIR,
  waveHome: process.env.WAVE_HOME,
});
process.stdout.write(`SESSION ${agent.sessionId}\n`);
agent.subscribe((event) => {
  if (event.type === 'assistantContentUpdated' && event.chunk)
    process.stdout.write(`CHUNK ${JSON.stringify(event.chunk)}\n`);
});
await agent.sendMessage('stream a long reply');
