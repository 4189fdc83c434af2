// What every contract test starts with: one real bridge process (reused across the file's
// tests and property runs, each with new sessions), one mock model server whose script each
// test sets, and a working directory for the sessions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type { InitializeParams } from '@wave-agent/shared-protocol';
import { HostClient } from './host-client.js';
import type { HostSession } from './host-session.js';

export type MockProvider = 'openai' | 'anthropic';
export const PROVIDERS: readonly MockProvider[] = ['openai', 'anthropic'];

export interface ContractFixture {
  readonly host: HostClient;
  readonly mock: MockLlm;
  /** A new session for `provider`, talking to the mock, running `scenario` from its start. */
  openSession(provider: MockProvider, scenario: Scenario): Promise<HostSession>;
  /** Sends a message and waits until its turn has ended (the last model call did not ask for tools). */
  converse(session: HostSession, text: string): Promise<void>;
  dispose(): Promise<void>;
}

/** Turns that have ended: the bridge says so once per turn, after the turn's last event. */
export function endedTurns(session: HostSession): number {
  return session.receivedEvents.filter((event) => event.type === 'turnEnded').length;
}

export async function startContractFixture(): Promise<ContractFixture> {
  const mock = await start({
    scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'idle' }] }] },
  });
  const workdir = mkdtempSync(join(tmpdir(), 'wave-contract-work-'));
  const host = HostClient.start();
  const paramsFor = (provider: MockProvider): InitializeParams => ({
    workdir,
    provider,
    model: 'mock-model',
    // Anthropic's base URL has no /v1; OpenAI-compatible ones do (DESIGN §4).
    baseURL: provider === 'openai' ? `${mock.url}/v1` : mock.url,
    apiKey: 'mock-key',
  });
  return {
    host,
    mock,
    async openSession(provider, scenario) {
      mock.setScenario(scenario);
      return host.open(paramsFor(provider));
    },
    async converse(session, text) {
      const before = endedTurns(session);
      await host.request('sendMessage', { sessionId: session.sessionId, text });
      await host.waitUntil(`the end of the turn for "${text}"`, () => endedTurns(session) > before);
    },
    async dispose() {
      const code = await host.shutdown();
      await mock.close();
      rmSync(workdir, { recursive: true, force: true });
      if (code !== 0)
        throw new Error(`wave --stdio exited with ${code} when the host left, not 0.`);
    },
  };
}
