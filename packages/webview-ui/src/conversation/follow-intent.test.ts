import { describe, expect, it } from 'vitest';
import { followAfterScroll } from './follow-intent.js';
import type { ScrollSeen } from './follow-intent.js';

const seen = (fields: Partial<ScrollSeen>): ScrollSeen => ({
  following: true,
  atBottom: false,
  movedUp: false,
  dragging: false,
  draggedDown: false,
  recentDownward: false,
  ...fields,
});

describe('what a scroll says about following', () => {
  it('follows again at the bottom only when the reader took the view there', () => {
    expect(followAfterScroll(seen({ following: false, atBottom: true }))).toBe('keep');
    expect(
      followAfterScroll(seen({ following: false, atBottom: true, recentDownward: true })),
    ).toBe('follow');
    expect(
      followAfterScroll(
        seen({ following: false, atBottom: true, dragging: true, draggedDown: true }),
      ),
    ).toBe('follow');
    // Pressed at the bottom, the view's own last step there is reported after the press: the
    // drag has not moved it down, so it is not the reader's.
    expect(followAfterScroll(seen({ following: false, atBottom: true, dragging: true }))).toBe(
      'keep',
    );
  });

  it('stops following when a drag on the scrollbar moves the view up, even after it followed', () => {
    // Dragged down to the end (following again), then back up in the same drag: that stops
    // following at once, whatever the drag did before.
    expect(followAfterScroll(seen({ following: true, movedUp: true, dragging: true }))).toBe(
      'stop',
    );
    expect(
      followAfterScroll(seen({ following: false, atBottom: true, movedUp: true, dragging: true })),
    ).toBe('keep');
  });

  it('stops following on a move up it did not see coming, but not on a clamp at the bottom', () => {
    expect(followAfterScroll(seen({ movedUp: true }))).toBe('stop');
    expect(followAfterScroll(seen({ movedUp: true, atBottom: true }))).toBe('keep');
    expect(followAfterScroll(seen({ movedUp: true, recentDownward: true }))).toBe('keep');
    expect(followAfterScroll(seen({ following: false, movedUp: true }))).toBe('keep');
  });
});
