// What the two wires' fast-parse tests (model/*-chunk-fast-parse.test.ts) share: one reply with
// every kind of part, a mock-llm per request (so both runs see the same ids), and an exact
// comparison of parsed values (key order and keys that hold undefined included).
import { start } from '@wave-agent/mock-llm';
import type { Fault, MockLlm, Scenario } from '@wave-agent/mock-llm';

const THOUGHT = 'Let me think — about “this” 😀.';
const ANSWER = 'Hello from the fast path! Café au lait, s’il vous plaît 😀.';
const TOOL_INPUT = { city: 'Tokyo', details: { days: [1, 2, 3] } };

/**
 * The fields mock-llm fills from its clock (OpenAI's `created`, in whole seconds, and the
 * provider's `timestamp` made from it): two requests a moment apart may straddle a second.
 */
const CLOCK_FIELDS: ReadonlySet<string> = new Set(['created', 'timestamp']);

/**
 * A value with its keys in order and keys that hold undefined shown, to compare exactly (in
 * place of toEqual); the clock's fields are kept as present and of their kind, not their time.
 */
export function exact(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) =>
    inner === undefined
      ? '<undefined>'
      : CLOCK_FIELDS.has(key)
        ? `<clock: ${typeof inner}>`
        : inner,
  );
}

/** The reply (thinking, text, a tool call) for a prompt, with the faults that break it. */
export function fastParseTurn(prompt: string, faults?: Fault[]): Scenario['turns'][number] {
  return {
    match: { lastUserContains: prompt },
    reply: [
      { type: 'reasoning', text: THOUGHT },
      { type: 'text', text: ANSWER },
      { type: 'tool_call', name: 'get_weather', input: TOOL_INPUT },
    ],
    ...(faults ? { faults } : {}),
  };
}

/** Fresh mock-llm servers for a scenario, and closing them all (after each test). */
export function freshServers(scenario: Scenario): {
  fresh: () => Promise<MockLlm>;
  closeAll: () => Promise<void>;
} {
  const servers: MockLlm[] = [];
  return {
    async fresh() {
      const server = await start({ scenario });
      servers.push(server);
      return server;
    },
    async closeAll() {
      await Promise.all(servers.splice(0).map((server) => server.close()));
    },
  };
}
