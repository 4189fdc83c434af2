import { describe, expect, it } from 'vitest';
import { thinkingLabel, thoughtLabel } from './thinking-labels.js';

describe('thinking labels', () => {
  it('counts whole seconds while thinking', () => {
    expect(thinkingLabel(1_000, 1_999)).toBe('Thinking 0s');
    expect(thinkingLabel(1_000, 10_000)).toBe('Thinking 9s');
  });

  it('rounds the final duration', () => {
    expect(thoughtLabel(0, 15_400)).toBe('Thought for 15s');
    expect(thoughtLabel(0, 14_600)).toBe('Thought for 15s');
    expect(thoughtLabel(0, 300)).toBe('Thought for <1s');
  });

  it('shows no duration without a start, without an end, or with the end first', () => {
    expect(thinkingLabel(undefined, 5_000)).toBe('Thinking');
    expect(thinkingLabel(9_000, 5_000)).toBe('Thinking');
    expect(thoughtLabel(undefined, 5_000)).toBe('Thought');
    expect(thoughtLabel(5_000, undefined)).toBe('Thought');
    expect(thoughtLabel(5_000, 1_000)).toBe('Thought');
  });
});
