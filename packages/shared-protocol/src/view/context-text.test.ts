import { describe, expect, it } from 'vitest';
import { apportion } from '../values/apportion.js';
import { contextText, NO_CONTEXT_YET } from './context-text.js';

describe('/context', () => {
  it('draws a bar of fifty cells and a table whose parts add up to what was sent', () => {
    const text = contextText({
      model: 'claude-sonnet-4-5',
      windowTokens: 200_000,
      inputTokens: 20_000,
      reported: true,
      parts: [
        { part: 'system', tokens: 2_000 },
        { part: 'tools', tokens: 8_000 },
        { part: 'mcpTools', tokens: 0 },
        { part: 'agents', tokens: 100 },
        { part: 'memory', tokens: 900 },
        { part: 'skills', tokens: 0 },
        { part: 'messages', tokens: 9_000 },
      ],
    });
    const [title, bar, ...rows] = text.split('\n');
    expect(title).toBe(
      "Context of the last request to claude-sonnet-4-5: 20,000 of 200,000 tokens (10.0%), the provider's count, split by Wave's estimate of each part.",
    );
    expect([...bar!]).toHaveLength(50);
    expect(bar).toBe(`${'█'}${'▓'.repeat(2)}${'▆'.repeat(2)}${'░'.repeat(45)}`);
    expect(rows).toContain('▓ Tools             8,000  4.0%');
    expect(rows).toContain('░ Free space      180,000  90.0%');
    expect(rows.at(-1)).toBe('  Sent in all      20,000');
  });

  it('says so before the first request', () => {
    expect(contextText(undefined)).toBe(NO_CONTEXT_YET);
  });

  it('apportions whole units that add up exactly', () => {
    expect(apportion([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(apportion([0, 0], 5)).toEqual([0, 0]);
    const split = apportion([3, 7, 11, 13], 1001);
    expect(split.reduce((a, b) => a + b, 0)).toBe(1001);
  });
});

describe('/context for a model without a known limit', () => {
  it('says so, and has no free-space row', () => {
    const text = contextText({
      model: 'demo',
      inputTokens: 1_000,
      reported: false,
      parts: [
        { part: 'system', tokens: 400 },
        { part: 'tools', tokens: 0 },
        { part: 'mcpTools', tokens: 0 },
        { part: 'agents', tokens: 0 },
        { part: 'memory', tokens: 0 },
        { part: 'skills', tokens: 0 },
        { part: 'messages', tokens: 600 },
      ],
    });
    expect(text.split('\n')[0]).toBe(
      "Context of the last request to demo: 1,000 tokens (the model has no known limit), Wave's estimate: the provider reported no count.",
    );
    expect(text).not.toContain('Free space');
    expect(text).toMatch(/Messages\s+600\s+60\.0%/);
  });
});
