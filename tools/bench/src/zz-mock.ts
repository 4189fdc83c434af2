import { startMockLlmProcess } from './mock-llm-process.js';
import { issue12Scenario } from './issue12-reply.js';
const s = await startMockLlmProcess(issue12Scenario);
console.log(s.url);
setTimeout(() => void s.close().then(() => process.exit(0)), 3_000_000);
