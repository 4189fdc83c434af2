// The App's session with everything real behind it: @wave-agent/client (in-process transport),
// the protocol server and an Agent of agent-sdk, talking to tools/mock-llm over real HTTP, in
// temporary folders removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWaveServer } from '@wave-agent/agent-sdk';
import { inProcessTransport, WaveClient } from '@wave-agent/client';
import type { SessionHandle } from '@wave-agent/client';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';

export interface RealSession {
  readonly session: SessionHandle;
  readonly mock: MockLlm;
  readonly workdir: string;
  dispose(): Promise<void>;
}

export async function startRealSession(scenario: Scenario): Promise<RealSession> {
  const mock = await start({ scenario });
  const home = mkdtempSync(join(tmpdir(), 'wave-ui-home-'));
  const workdir = mkdtempSync(join(tmpdir(), 'wave-ui-work-'));
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const server = createWaveServer({
    agentOptionsFor: () => ({ env: {}, waveHome: home, retry: { baseDelayMs: 10 } }),
    workdir,
    waveHome: home,
    logger: quiet,
    permissionQuestions: {},
  });
  const client = new WaveClient(inProcessTransport(server));
  const session = await client.open({
    workdir,
    provider: 'openai',
    model: 'mock-model',
    baseURL: `${mock.url}/v1`,
    apiKey: 'mock-key',
  });
  return {
    session,
    mock,
    workdir,
    async dispose() {
      await server.close();
      await mock.close();
      rmSync(home, { recursive: true, force: true });
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}
