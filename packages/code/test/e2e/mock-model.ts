// Starts tools/mock-llm with a scenario and says how to point wave at it, per provider.
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';

export const PROVIDERS = ['anthropic', 'openai'] as const;
export type MockProvider = (typeof PROVIDERS)[number];

export function providerEnv(provider: MockProvider, url: string): Record<string, string> {
  return {
    WAVE_PROVIDER: provider,
    // Anthropic's base URL has no /v1; OpenAI-compatible ones do (ARCHITECTURE §4).
    WAVE_BASE_URL: provider === 'anthropic' ? url : `${url}/v1`,
    WAVE_API_KEY: 'mock-key',
  };
}

export function startMock(scenario: Scenario): Promise<MockLlm> {
  return start({ scenario });
}

/** The text of the last user message a recorded request carried, in either wire format. */
export function lastUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const user = messages.filter((message) => message.role === 'user').at(-1);
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return (user.content as { type: string; text?: string }[])
    .map((part) => part.text ?? '')
    .join('');
}

/** The system prompt of a recorded Anthropic request, as one text. */
export function systemText(body: unknown): string {
  const system = (body as { system?: string | { text: string }[] }).system;
  if (system === undefined) return '';
  return typeof system === 'string' ? system : system.map((part) => part.text).join('\n');
}

/** A model that answers each request with the next of these texts. */
export function replies(...texts: readonly string[]): Scenario {
  return {
    name: 'replies',
    turns: texts.map((text, turnIndex) => ({
      match: { turnIndex },
      reply: [{ type: 'text' as const, text }],
    })),
  };
}
