// The session file's bytes for a turn whose Bash call prints far more than a tool may hand the
// model (`seq 1 200000`, 1.3 MB; the model gets 30,000 characters of it): what the file keeps per
// turn beside that bounded output. Every live chunk of output is an event the file keeps, so
// the live view's own bound is what keeps the file from holding the whole 1.3 MB.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from '@wave-agent/agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { startMockLlmProcess } from './mock-llm-process.js';

export const BASH_OUTPUT_COMMAND = 'seq 1 200000';

export interface BashOutputFigures {
  readonly fileBytesPerTurn: number;
  /** What the call handed the model: its bounded output. */
  readonly toolOutputBytes: number;
}

function scenario(turns: number): Scenario {
  return {
    name: 'bash-output',
    chunkSize: 64,
    turns: Array.from({ length: turns }, (_, turn) => [
      {
        match: { turnIndex: turn * 2 },
        reply: [
          { type: 'tool_call' as const, name: 'Bash', input: { command: BASH_OUTPUT_COMMAND } },
        ],
      },
      { match: { turnIndex: turn * 2 + 1 }, reply: [{ type: 'text' as const, text: 'Done.' }] },
    ]).flat(),
  };
}

export async function benchBashOutputSession(turns: number): Promise<BashOutputFigures> {
  const server = await startMockLlmProcess(scenario(turns));
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-bash-output-'));
  try {
    const agent = await Agent.create({
      provider: 'openai',
      model: 'bench',
      baseURL: `${server.url}/v1`,
      apiKey: 'bench',
      env: {},
      waveHome: home,
      workdir: home,
      permissionMode: 'bypassPermissions',
    });
    for (let turn = 0; turn < turns; turn++) {
      const result = await agent.sendMessage(`print the numbers ${turn}`);
      if (result.stopReason !== 'end_turn')
        throw new Error(`Bash turn ${turn} did not finish: ${result.error ?? result.stopReason}`);
    }
    const tool = agent.messages
      .flatMap((message) => message.blocks)
      .find((block) => block.type === 'tool' && block.result !== undefined);
    const path = agent.sessionPath;
    agent.destroy();
    if (tool?.type !== 'tool' || tool.result === undefined || path === undefined)
      throw new Error('The Bash turns left no tool result or no session file.');
    return {
      fileBytesPerTurn: statSync(path).size / turns,
      toolOutputBytes: Buffer.byteLength(tool.result),
    };
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
