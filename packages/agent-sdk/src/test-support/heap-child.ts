// A real process streaming a long reply through an Agent, for the memory test: when the
// FIRST-th and the LAST-th text deltas arrive, it measures the heap after a full GC, and prints
// both figures as JSON, so the test sees what each further chunk costs (not start-up costs).
import { createChildAgent } from './child-agent.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const first = Number(process.env.FIRST);
const last = Number(process.env.LAST);
const agent = await createChildAgent();
const heap = (): number => {
  gc();
  return process.memoryUsage().heapUsed;
};
let seen = 0;
let atFirst = 0;
agent.subscribe((event) => {
  if (event.type !== 'assistantContentUpdated' || event.chunk === '') return;
  seen += 1;
  if (seen === first) atFirst = heap();
  if (seen === last) process.stdout.write(`${JSON.stringify({ atFirst, atLast: heap() })}\n`);
});
await agent.sendMessage('stream a long reply');
agent.destroy();
