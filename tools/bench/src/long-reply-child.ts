// One long reply through an Agent in a process of its own, so its peak memory is its own:
// prints {"maxRssBytes", "sessionBytes", "chars"} as JSON on stdout. Run by long-reply.ts.
import { statSync } from 'node:fs';
import { Agent } from '@wave-agent/agent-sdk';

const home = process.env.BENCH_HOME!;
const agent = await Agent.create({
  provider: 'openai',
  model: 'bench',
  baseURL: `${process.env.MOCK_URL}/v1`,
  apiKey: 'bench',
  env: {},
  waveHome: home,
  workdir: home,
});
let chars = 0;
agent.subscribe((event) => {
  if (event.type === 'assistantContentUpdated') chars += event.chunk.length;
});
const result = await agent.sendMessage('go');
if (result.stopReason !== 'end_turn') throw new Error(`the reply did not finish: ${result.error}`);
const sessionBytes = statSync(agent.sessionPath!).size;
agent.destroy();
process.stdout.write(
  JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, sessionBytes, chars }),
);
