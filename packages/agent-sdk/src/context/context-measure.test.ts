import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { builtinTools } from '../tools/registry.js';
import { taskTool } from '../tools/task.js';
import { measureContext } from './context-measure.js';
import type { MeasuredRequest } from './context-measure.js';

const MEMORY = 'Project instructions (/w/CLAUDE.md):\n' + 'Use tabs. '.repeat(200);
const SKILLS = 'Skills (load one with the Skill tool …):\n- pdf: Reads PDF files';
const messages: ModelMessage[] = [{ role: 'user', content: 'hello '.repeat(500) }];
const search = { ...builtinTools[0]!, name: 'mcp__docs__search' };

function request(usage: MeasuredRequest['usage']): MeasuredRequest {
  return {
    model: 'claude-sonnet-4-5',
    windowTokens: 200_000,
    system: `You are Wave.\n\n${SKILLS}\n\n${MEMORY}`,
    sections: { skills: SKILLS, memory: [MEMORY] },
    tools: [
      ...builtinTools,
      taskTool([{ name: 'reviewer', description: 'Reviews diffs' }]),
      search,
    ],
    messages,
    usage,
  };
}

const sum = (use: { parts: readonly { tokens: number }[] }) =>
  use.parts.reduce((total, part) => total + part.tokens, 0);

describe('measuring a request for /context', () => {
  it("splits the provider's input tokens over the parts, adding up exactly", async () => {
    const use = await measureContext(request({ inputTokens: 12_345, outputTokens: 10 }));
    expect(use).toMatchObject({ inputTokens: 12_345, reported: true, windowTokens: 200_000 });
    expect(sum(use)).toBe(12_345);
    const tokens = Object.fromEntries(use.parts.map(({ part, tokens }) => [part, tokens]));
    for (const part of ['system', 'tools', 'mcpTools', 'agents', 'memory', 'skills', 'messages'])
      expect(tokens[part], part).toBeGreaterThan(0);
    // The built-in tools weigh more than the one MCP tool; the memory file more than the skills.
    expect(tokens['tools']).toBeGreaterThan(tokens['mcpTools']!);
    expect(tokens['memory']).toBeGreaterThan(tokens['skills']!);
  });

  it('uses its own estimate, and says so, when the provider reported no count', async () => {
    const use = await measureContext(request(undefined));
    expect(use.reported).toBe(false);
    expect(use.inputTokens).toBeGreaterThan(0);
    expect(sum(use)).toBe(use.inputTokens);
    // Four characters a token: the messages part is their JSON's length / 4, rounded up.
    const messagesPart = use.parts.find((part) => part.part === 'messages');
    expect(messagesPart?.tokens).toBe(Math.ceil(JSON.stringify(messages).length / 4));
  });
});

describe('a model without a known limit (the offline demo)', () => {
  it('leaves the window out, so the measure is valid JSON and a valid event', async () => {
    const use = await measureContext({ ...request(undefined), windowTokens: Infinity });
    expect(use.windowTokens).toBeUndefined();
    expect(JSON.parse(JSON.stringify(use))).toEqual(use);
  });
});
