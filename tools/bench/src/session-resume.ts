// How big a 100-turn session gets on disk and how long resuming it takes. Each turn is a
// realistic exchange from tools/mock-llm: reasoning, a tool call (LS) and a reply of about
// 2,000 characters, streamed in small chunks, every event persisted as it is emitted.
import { statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from '@wave-agent/agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { startMockLlmProcess } from './mock-llm-process.js';

export interface SessionFigures {
  readonly turns: number;
  readonly events: number;
  readonly fileBytes: number;
  readonly resumeMs: number;
  readonly messages: number;
}

function scenario(turns: number): Scenario {
  return {
    name: 'session-bench',
    chunkSize: 8,
    turns: Array.from({ length: turns }, (_, turn) => [
      {
        match: { turnIndex: turn * 2 },
        reply: [
          {
            type: 'reasoning' as const,
            text: `Turn ${turn}: I will list the folder first, then answer in detail.`,
          },
          { type: 'tool_call' as const, name: 'LS', input: { path: '.' } },
        ],
      },
      {
        match: { turnIndex: turn * 2 + 1 },
        reply: [{ type: 'text' as const, numberedWords: { count: 330, prefix: `t${turn}w` } }],
      },
    ]).flat(),
  };
}

export async function benchSessionResume(turns: number): Promise<SessionFigures> {
  const server = await startMockLlmProcess(scenario(turns));
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-session-'));
  try {
    const options = {
      provider: 'openai',
      model: 'bench',
      baseURL: `${server.url}/v1`,
      apiKey: 'bench',
      env: {},
      waveHome: home,
      workdir: home,
    };
    const agent = await Agent.create(options);
    let events = 0;
    agent.subscribe(() => events++);
    for (let turn = 0; turn < turns; turn++) {
      const result = await agent.sendMessage(`question ${turn}`);
      if (result.stopReason !== 'end_turn')
        throw new Error(`Turn ${turn} did not finish: ${result.error ?? result.stopReason}`);
    }
    const path = agent.sessionPath!;
    const sessionId = agent.sessionId;
    agent.destroy();
    const start = performance.now();
    const resumed = await Agent.create({ ...options, resumeSessionId: sessionId });
    const resumeMs = performance.now() - start;
    const messages = resumed.messages.length;
    resumed.destroy();
    return { turns, events, fileBytes: statSync(path).size, resumeMs, messages };
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
