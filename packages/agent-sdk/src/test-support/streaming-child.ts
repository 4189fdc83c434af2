// A real process running an Agent, for the crash test: it prints every content chunk after the
// agent has emitted it (so after it is on disk), until the test kills it with SIGKILL.
import { createChildAgent } from './child-agent.js';

const agent = await createChildAgent();
process.stdout.write(`SESSION ${agent.sessionId}\n`);
agent.subscribe((event) => {
  if (event.type === 'assistantContentUpdated' && event.chunk)
    process.stdout.write(`CHUNK ${JSON.stringify(event.chunk)}\n`);
});
await agent.sendMessage('stream a long reply');
