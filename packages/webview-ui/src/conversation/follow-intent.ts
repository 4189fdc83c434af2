// Whether the reader means to look back: the view follows the stream only while the reader is at
// the bottom, and any upward intent stops that at once (Claude Code #11092, Cline #13932). What
// counts is what a person does — a wheel turned up, PageUp/ArrowUp/Home, a press on the
// scrollbar, a finger dragging the content down — never a change of the content itself.

/** Keys that scroll a scrollable element up. */
const UPWARD_KEYS = new Set(['PageUp', 'ArrowUp', 'Home']);

/** Keys that scroll a scrollable element down. */
const DOWNWARD_KEYS = new Set(['PageDown', 'ArrowDown', ' ']);

/** How close to the end counts as "at the bottom" (sub-pixel layout, zoom rounding). */
export const BOTTOM_SLACK_PX = 4;

export interface ScrollBox {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

export function isAtBottom(box: ScrollBox): boolean {
  return box.scrollHeight - box.clientHeight - box.scrollTop <= BOTTOM_SLACK_PX;
}

export function isUpwardWheel(event: Pick<WheelEvent, 'deltaY'>): boolean {
  return event.deltaY < 0;
}

export function isUpwardKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): boolean {
  if (event.altKey || event.metaKey) return false;
  // Shift+Space pages up like PageUp.
  if (event.key === ' ' && event.shiftKey) return true;
  return UPWARD_KEYS.has(event.key);
}

/**
 * A press on the element's own scrollbar (it lies outside the client area): the start of a
 * drag, or a click on the track. Presses on the content are not scrolling.
 */
export function isScrollbarPress(
  event: Pick<MouseEvent, 'offsetX' | 'offsetY'>,
  target: Pick<HTMLElement, 'clientWidth' | 'clientHeight'>,
): boolean {
  return event.offsetX >= target.clientWidth || event.offsetY >= target.clientHeight;
}

/** A touch that moved down the screen by more than a tap's wobble scrolls the content up. */
export function isUpwardTouch(startY: number, nowY: number): boolean {
  return nowY - startY > 2;
}

/** End (or Ctrl+End) asks for the latest: follow again, whatever is still arriving. */
export function isToLatestKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  return event.key === 'End' && !event.altKey && !event.metaKey && !event.shiftKey;
}

/** Home (or Ctrl+Home) asks for the start of the conversation. */
export function isToStartKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  return event.key === 'Home' && !event.altKey && !event.metaKey && !event.shiftKey;
}

export function isDownwardKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'metaKey'>,
): boolean {
  if (event.altKey || event.metaKey || (event.key === ' ' && event.shiftKey)) return false;
  return DOWNWARD_KEYS.has(event.key);
}

/** What a scroll of the conversation tells about the reader, and what it was seen with. */
export interface ScrollSeen {
  readonly following: boolean;
  /** The view is at the bottom after the scroll. */
  readonly atBottom: boolean;
  /** The view moved up since the last scroll (more than a rounding). */
  readonly movedUp: boolean;
  /** The reader holds the scrollbar (a drag, or a press on its track). */
  readonly dragging: boolean;
  /** The reader's drag brought the view down from the highest point it reached since the press. */
  readonly draggedDown: boolean;
  /** The reader turned the wheel, pressed a key or swiped downwards a moment ago. */
  readonly recentDownward: boolean;
}

export type FollowChange = 'follow' | 'stop' | 'keep';

/**
 * Whether a scroll starts or stops following. At the bottom, following starts again only when
 * the reader took the view there: a scroll that clamps because the content got shorter, the
 * virtualiser keeping rows in place, or the view's own step to the bottom that the browser
 * reports only after the reader pressed the scrollbar, is not the reader's. Away from the
 * bottom, a move up stops following when the reader drags the scrollbar up — whichever way the
 * same drag went before (down to the end, following again, then back up) — or when something
 * this view did not see moved it (find in page, a screen reader).
 */
export function followAfterScroll(seen: ScrollSeen): FollowChange {
  if (seen.atBottom) {
    const readerTookIt = seen.dragging ? seen.draggedDown : seen.recentDownward;
    return !seen.following && readerTookIt ? 'follow' : 'keep';
  }
  if (!seen.following || !seen.movedUp) return 'keep';
  return seen.dragging || !seen.recentDownward ? 'stop' : 'keep';
}
