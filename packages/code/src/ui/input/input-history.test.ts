import { describe, expect, it } from 'vitest';
import { emptyHistory, newer, older, remembered } from './input-history.js';

describe('input history', () => {
  it('goes back through entries and forward to the draft', () => {
    const history = remembered(remembered(emptyHistory, 'one'), 'two');
    const back = older(history, 'draft')!;
    expect(back.text).toBe('two');
    const further = older(back.history, back.text)!;
    expect(further.text).toBe('one');
    expect(older(further.history, further.text)).toBeUndefined();
    const forward = newer(further.history)!;
    expect(forward.text).toBe('two');
    const draft = newer(forward.history)!;
    expect(draft.text).toBe('draft');
    expect(draft.history.position).toBeUndefined();
    expect(newer(draft.history)).toBeUndefined();
  });

  it('does not remember the same entry twice in a row', () => {
    expect(remembered(remembered(emptyHistory, 'x'), 'x').entries).toEqual(['x']);
  });
});
