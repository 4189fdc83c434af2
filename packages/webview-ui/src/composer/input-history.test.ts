import { describe, expect, it } from 'vitest';
import { emptyHistory, newer, older, remember } from './input-history.js';

describe('input history', () => {
  it('walks back and forth and gives the draft back at the end', () => {
    let history = remember(remember(emptyHistory, 'first'), 'second');
    const back = older(history, 'typing')!;
    expect(back.text).toBe('second');
    history = back.history;
    const further = older(history, back.text)!;
    expect(further.text).toBe('first');
    expect(older(further.history, 'first')).toBeUndefined();
    const forth = newer(further.history)!;
    expect(forth.text).toBe('second');
    const draft = newer(forth.history)!;
    expect(draft.text).toBe('typing');
    expect(newer(draft.history)).toBeUndefined();
  });

  it('does not repeat the same message twice in a row', () => {
    expect(remember(remember(emptyHistory, 'a'), 'a').entries).toEqual(['a']);
  });
});
