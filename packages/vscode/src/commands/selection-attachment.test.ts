// "Add to Prompt": the selection's lines as the agent counts them, or the whole file.
import { describe, expect, it } from 'vitest';
import { selectionAttachment } from './selection-attachment.js';

const at = (line: number, character: number) => ({ line, character });

describe('the attachment of an editor selection', () => {
  it('names the selected lines, 1-based, without a line the selection only touches', () => {
    expect(selectionAttachment('src/a.ts', { start: at(2, 4), end: at(8, 3) })).toEqual({
      type: 'attachFile',
      path: 'src/a.ts',
      lines: { from: 3, to: 9 },
    });
    expect(selectionAttachment('a.ts', { start: at(0, 0), end: at(2, 0) })).toEqual({
      type: 'attachFile',
      path: 'a.ts',
      lines: { from: 1, to: 2 },
    });
    expect(selectionAttachment('a.ts', { start: at(4, 1), end: at(4, 7) })).toEqual({
      type: 'attachFile',
      path: 'a.ts',
      lines: { from: 5, to: 5 },
    });
  });

  it('attaches the whole file when nothing is selected', () => {
    expect(selectionAttachment('a.ts', { start: at(3, 2), end: at(3, 2) })).toEqual({
      type: 'attachFile',
      path: 'a.ts',
    });
  });
});
