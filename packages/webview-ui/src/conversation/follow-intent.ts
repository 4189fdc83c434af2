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

export function isDownwardKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'metaKey'>,
): boolean {
  if (event.altKey || event.metaKey || (event.key === ' ' && event.shiftKey)) return false;
  return DOWNWARD_KEYS.has(event.key);
}
