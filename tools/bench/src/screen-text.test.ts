// The bench's screen check must count what a terminal shows: wrapped rows and lines split at
// spaces still count once, a repeated or missing phrase is a problem, an erased one is gone.
import { describe, expect, it } from 'vitest';
import { countProblems, ScreenText } from './screen-text.js';

describe('ScreenText and countProblems', () => {
  it('counts phrases over wrapped rows and split lines, after erases and a resize', async () => {
    const screen = new ScreenText(20, 5);
    screen.write('first: stream these words now.\r\n');
    screen.write('stream these\r\nwords now. THE-\r\n');
    screen.write('\u001B[1A\u001B[2Kwords now. THE-END\r\n');
    screen.resize(12, 5);
    const lines = await screen.lines();
    screen.dispose();
    expect(countProblems(lines, { 'stream these words now.': 2, 'THE-END': 1 }, {})).toEqual([]);
    expect(countProblems(lines, { 'stream these words now.': 3 }, { 'THE-END': 0 })).toEqual([
      '"stream these words now." is shown 2 times, not 3',
      '"THE-END" is shown 1 times, more than 0',
    ]);
  });
});
