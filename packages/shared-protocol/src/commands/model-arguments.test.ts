import { describe, expect, it } from 'vitest';
import { parseModelArguments } from './model-arguments.js';

describe('parseModelArguments', () => {
  it('reads the name and where to keep it, flags anywhere', () => {
    expect(parseModelArguments('fast')).toEqual({ name: 'fast', save: undefined });
    expect(parseModelArguments('--save fast')).toEqual({ name: 'fast', save: 'user' });
    expect(parseModelArguments('fast --project')).toEqual({ name: 'fast', save: 'project' });
    expect(parseModelArguments('--save fast --project')).toEqual({ name: 'fast', save: 'project' });
    expect(parseModelArguments('--save')).toEqual({ name: '', save: 'user' });
  });

  it('takes a flag only as a whole word', () => {
    expect(parseModelArguments('my--save')).toEqual({ name: 'my--save', save: undefined });
    expect(parseModelArguments('--saved')).toEqual({ name: '--saved', save: undefined });
  });
});
