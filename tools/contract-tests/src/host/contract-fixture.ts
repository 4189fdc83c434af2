// What every contract test starts with: one host of the transport it tests (a `wave --stdio`
// process reused across the file's tests and property runs, each with new sessions), one mock
// model server whose script each test sets, and a working directory for the sessions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import { startHost } from './hosts.js';
import type { Host, TransportName } from './hosts.js';
import { RecordedSession } from './recorded-session.js';

export type MockProvider = 'openai' | 'anthropic';
export const PROVIDERS: readonly MockProvider[] = ['openai', 'anthropic'];

export interface ContractFixture {
  readonly host: Host;
  readonly mock: MockLlm;
  readonly workdir: string;
  readonly waveHome: string;
  paramsFor(provider: MockProvider): InitializeParams;
  /** A new session for `provider`, talking to the mock, running `scenario` from its start. */
  openSession(provider: MockProvider, scenario: Scenario): Promise<RecordedSession>;
  dispose(): Promise<void>;
}

export async function startContractFixture(
  transport: TransportName = 'child process',
  env: Record<string, string> = {},
): Promise<ContractFixture> {
  const mock = await start({
    scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'idle' }] }] },
  });
  const tempDir = (name: string): string => mkdtempSync(join(tmpdir(), `wave-contract-${name}-`));
  const waveHome = tempDir('home');
  const cwd = tempDir('cwd');
  const workdir = tempDir('work');
  const dirs = [waveHome, cwd, workdir];
  const host = startHost(transport, { waveHome, cwd, env });
  const paramsFor = (provider: MockProvider): InitializeParams => ({
    workdir,
    provider,
    model: 'mock-model',
    // Anthropic's base URL has no /v1; OpenAI-compatible ones do (ARCHITECTURE §4).
    baseURL: provider === 'openai' ? `${mock.url}/v1` : mock.url,
    apiKey: 'mock-key',
  });
  return {
    host,
    mock,
    workdir,
    waveHome,
    paramsFor,
    async openSession(provider, scenario) {
      mock.setScenario(scenario);
      const handle = await host.client.open(paramsFor(provider));
      return new RecordedSession(handle, host.client, () => host.stderr().slice(-3000));
    },
    async dispose() {
      await host.close();
      await mock.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      if (host.child && host.child.status.state !== 'closed')
        throw new Error(`wave --stdio did not close: ${JSON.stringify(host.child.status)}`);
    },
  };
}
