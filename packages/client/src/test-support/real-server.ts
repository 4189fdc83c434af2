// A real protocol server (agent-sdk's createWaveServer) in this process, talking to tools/mock-llm
// over real HTTP, in temporary folders that are removed after the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWaveServer } from '@wave-agent/agent-sdk';
import type { Logger, WaveServer } from '@wave-agent/agent-sdk';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type { InitializeParams } from '@wave-agent/shared-protocol';

export interface RealServer {
  readonly server: WaveServer;
  readonly mock: MockLlm;
  readonly params: InitializeParams;
  readonly logs: string[];
  /** How many Agents the server made (one per session it opened). */
  readonly opens: () => number;
  dispose(): Promise<void>;
}

export async function startRealServer(
  scenario: Scenario,
  permissionQuestions: false | { timeoutMs?: number } = {},
): Promise<RealServer> {
  const mock = await start({ scenario });
  const home = mkdtempSync(join(tmpdir(), 'wave-client-home-'));
  const workdir = mkdtempSync(join(tmpdir(), 'wave-client-work-'));
  const logs: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (message) => logs.push(`warn ${message}`),
    error: (message) => logs.push(`error ${message}`),
  };
  let opens = 0;
  const server = createWaveServer({
    agentOptionsFor: () => {
      opens += 1;
      return { env: {}, waveHome: home, retry: { baseDelayMs: 10 } };
    },
    workdir,
    waveHome: home,
    logger,
    permissionQuestions,
  });
  return {
    server,
    mock,
    logs,
    opens: () => opens,
    params: {
      workdir,
      provider: 'openai',
      model: 'mock-model',
      baseURL: `${mock.url}/v1`,
      apiKey: 'mock-key',
    },
    async dispose() {
      await server.close();
      await mock.close();
      rmSync(home, { recursive: true, force: true });
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}
