// Runs a real Agent against tools/mock-llm over real HTTP: a temp workdir and WAVE_HOME, every
// event recorded, and a check that the agent's state is the reduction of what consumers heard.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyEvents, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { expect } from 'vitest';
import { Agent } from '../agent.js';
import type { AgentOptions } from '../agent.js';
import type { Logger } from '../logger.js';

export type WireProvider = 'openai' | 'anthropic';
export const PROVIDERS: readonly WireProvider[] = ['openai', 'anthropic'];

export interface Harness {
  readonly agent: Agent;
  readonly mock: MockLlm;
  readonly events: AgentEvent[];
  readonly workdir: string;
  readonly waveHome: string;
  readonly logs: string[];
  /** Fails the test unless agent.messages equals the reduction of every event heard. */
  expectStateMatchesEvents(): void;
  dispose(): Promise<void>;
}

export function baseURLFor(provider: WireProvider, url: string): string {
  return provider === 'openai' ? `${url}/v1` : url;
}

export async function startHarness(
  provider: WireProvider,
  scenario: Scenario,
  options: Partial<AgentOptions> = {},
): Promise<Harness> {
  const mock = await start({ scenario });
  const workdir = options.workdir ?? mkdtempSync(join(tmpdir(), 'wave-work-'));
  const waveHome = mkdtempSync(join(tmpdir(), 'wave-home-'));
  const logs: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message) => logs.push(`warn ${message}`),
    error: (message) => logs.push(`error ${message}`),
  };
  const agent = await Agent.create({
    provider,
    model: 'mock-model',
    baseURL: baseURLFor(provider, mock.url),
    apiKey: 'test-key',
    env: {},
    workdir,
    waveHome,
    logger,
    retry: { baseDelayMs: 10, idleTimeoutMs: 2000 },
    ...options,
  });
  const events: AgentEvent[] = [];
  agent.subscribe((event) => events.push(event));
  return {
    agent,
    mock,
    events,
    workdir,
    waveHome,
    logs,
    expectStateMatchesEvents() {
      expect(agent.messages).toEqual(applyEvents(emptyConversation, events).messages);
    },
    async dispose() {
      agent.destroy();
      await mock.close();
      rmSync(waveHome, { recursive: true, force: true });
      if (!options.workdir) rmSync(workdir, { recursive: true, force: true });
    },
  };
}

export function ofType<T extends AgentEvent['type']>(events: readonly AgentEvent[], type: T) {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

/** The text of the last assistant message's text blocks. */
export function lastAssistantText(agent: Agent): string {
  const message = [...agent.messages].reverse().find((m) => m.role === 'assistant');
  return (message?.blocks ?? [])
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('');
}
