// How much CPU the SDK spends per streamed chunk: a long reply from tools/mock-llm (real HTTP,
// real SSE) through the AI SDK provider, the turn loop, the reducer and the session file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from '@wave-agent/agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { startMockLlmProcess } from './mock-llm-process.js';

export interface StreamSize {
  readonly label: string;
  readonly chars: number;
  readonly chunkSize: number;
}

export interface StreamFigures {
  readonly label: string;
  /** Characters the mock server was asked to stream. */
  readonly requestedChars: number;
  /** Characters that reached the Agent's subscriber as text deltas (measured). */
  readonly chars: number;
  readonly chunks: number;
  readonly cpuSeconds: number;
  readonly cpuMicrosPerChunk: number;
  readonly wallSeconds: number;
}

const PATTERN = 'wave streams';

function repeatsFor(chars: number): number {
  return Math.round(chars / PATTERN.length);
}

function scenarioFor(sizes: readonly StreamSize[]): Scenario {
  return {
    name: 'sdk-stream-bench',
    turns: sizes.map((size) => ({
      match: { lastUserContains: `[${size.label}]` },
      chunkSize: size.chunkSize,
      reply: [
        {
          type: 'text',
          repeat: { pattern: PATTERN, count: Math.round(size.chars / PATTERN.length) },
        },
      ],
      usage: { inputTokens: 10, outputTokens: 10 },
    })),
  };
}

/** Streams each size once per round (best of `rounds`), in one Agent process. */
export async function benchSdkStream(
  sizes: readonly StreamSize[],
  rounds: number,
): Promise<StreamFigures[]> {
  const server = await startMockLlmProcess(scenarioFor(sizes));
  const waveHome = mkdtempSync(join(tmpdir(), 'wave-bench-home-'));
  try {
    const best = new Map<string, StreamFigures>();
    for (let round = 0; round < rounds; round++) {
      for (const size of sizes) {
        const agent = await Agent.create({
          provider: 'openai',
          model: 'bench',
          baseURL: `${server.url}/v1`,
          apiKey: 'bench',
          env: {},
          waveHome,
          workdir: waveHome,
        });
        let chunks = 0;
        let chars = 0;
        agent.subscribe((event) => {
          if (event.type !== 'assistantContentUpdated' || !event.chunk) return;
          chunks++;
          chars += event.chunk.length;
        });
        const wallStart = performance.now();
        const cpuStart = process.cpuUsage();
        const result = await agent.sendMessage(`stream [${size.label}]`);
        const cpu = process.cpuUsage(cpuStart);
        const wallSeconds = (performance.now() - wallStart) / 1000;
        agent.destroy();
        if (result.stopReason !== 'end_turn')
          throw new Error(`The stream did not finish: ${result.error ?? result.stopReason}`);
        const cpuSeconds = (cpu.user + cpu.system) / 1e6;
        const figures: StreamFigures = {
          label: size.label,
          requestedChars: repeatsFor(size.chars) * PATTERN.length,
          chars,
          chunks,
          cpuSeconds,
          cpuMicrosPerChunk: (cpuSeconds * 1e6) / chunks,
          wallSeconds,
        };
        const previous = best.get(size.label);
        if (!previous || figures.cpuSeconds < previous.cpuSeconds) best.set(size.label, figures);
      }
    }
    return sizes.map((size) => best.get(size.label)!);
  } finally {
    await server.close();
    rmSync(waveHome, { recursive: true, force: true });
  }
}
