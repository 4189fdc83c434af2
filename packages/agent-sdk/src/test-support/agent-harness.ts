// Runs a real Agent against tools/mock-llm over real HTTP: a temp workdir and WAVE_HOME, every
// event recorded, and a check that the agent's state is the reduction of what consumers heard.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applySessionEvents } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { expect } from 'vitest';
import { Agent } from '../agent.js';
import type { AgentOptions } from '../agent.js';
import type { Logger } from '../logger.js';

export type WireProvider = 'openai' | 'anthropic' | 'google';
export const PROVIDERS: readonly WireProvider[] = ['openai', 'anthropic'];

export interface Harness {
  readonly agent: Agent;
  readonly mock: MockLlm;
  readonly events: AgentEvent[];
  /** The sequence number each event came with, in the same order. */
  readonly seqs: number[];
  readonly workdir: string;
  readonly waveHome: string;
  readonly logs: string[];
  /**
   * Fails the test unless agent.messages (and the whole session state) equal the reduction of
   * every event heard, and the events were numbered 1, 2, 3, … with none missing.
   */
  expectStateMatchesEvents(): void;
  dispose(): Promise<void>;
}

/** A loaded machine can hold a stream silent for seconds: with this, no retry shifts a script. */
export const PATIENT_RETRY = { baseDelayMs: 10, idleTimeoutMs: 60_000 };

export function baseURLFor(provider: WireProvider, url: string): string {
  if (provider === 'google') return `${url}/v1beta`;
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
  const seqs: number[] = [];
  const initial = agent.sessionState;
  const firstSeq = agent.seq;
  agent.subscribe((event, seq) => {
    events.push(event);
    seqs.push(seq);
  });
  return {
    agent,
    mock,
    events,
    seqs,
    workdir,
    waveHome,
    logs,
    expectStateMatchesEvents() {
      const reduced = applySessionEvents(initial, events);
      expect(agent.messages).toEqual(reduced.conversation.messages);
      expect(agent.sessionState).toEqual(reduced);
      expect(seqs).toEqual(events.map((_, index) => firstSeq + index + 1));
      expect(agent.seq).toBe(firstSeq + events.length);
    },
    async dispose() {
      agent.destroy();
      await mock.close();
      rmSync(waveHome, { recursive: true, force: true });
      if (!options.workdir) rmSync(workdir, { recursive: true, force: true });
    },
  };
}

/** The harness's session as a new process would restore it (the offline demo model, no network). */
export function restoreInNewAgent(harness: Harness, sessionId: string): Promise<Agent> {
  return Agent.create({
    provider: 'demo',
    env: {},
    workdir: harness.workdir,
    waveHome: harness.waveHome,
    resumeSessionId: sessionId,
  });
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
