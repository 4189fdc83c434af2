// Following the stream: while the reader is at the bottom, every change of the content (a
// delta, a new message, a tool card growing) keeps the view at the bottom, in the same frame.
// Any upward intent (follow-intent.ts) stops following at once; from then on nothing moves the
// view — content above it is kept in place by the virtualizer — until the reader scrolls back
// to the bottom, presses "Jump to latest" or sends a message.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import {
  BOTTOM_SLACK_PX,
  followAfterScroll,
  isAtBottom,
  isScrollbarPress,
  isDownwardKey,
  isToLatestKey,
  isUpwardKey,
  isUpwardTouch,
  isUpwardWheel,
} from './follow-intent.js';

/** A scroll this soon after the reader's downward wheel, key or touch is the reader's own (ms). */
const READER_SCROLL_MS = 1000;

export interface Follow {
  /** Whether the view follows the stream (rendering reads it; events change it). */
  readonly following: boolean;
  /** Keeps the view at the bottom when following; call after the content changed. */
  readonly stick: () => void;
  /** Follows again and goes to the bottom ("Jump to latest", End). */
  readonly jumpToLatest: () => void;
  /** The reader pages up or down from elsewhere (PageUp/PageDown typed in the prompt). */
  readonly pageBy: (direction: -1 | 1) => void;
}

export function useFollow(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): Follow {
  const followingRef = useRef(true);
  const [following, setFollowing] = useState(true);
  // When the reader last moved the view down (a wheel, key, swipe or page), for telling their
  // scrolls from the content's (followAfterScroll).
  const lastDownwardAt = useRef(Number.NEGATIVE_INFINITY);

  const setTo = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowing(value);
  }, []);

  const stick = useCallback(() => {
    const element = scroller.current;
    if (!element || !followingRef.current) return;
    const bottom = element.scrollHeight - element.clientHeight;
    if (element.scrollTop < bottom) element.scrollTop = bottom;
  }, [scroller]);

  // The reader asked for the latest (the button, End, a message sent): a move the layout makes in
  // the next moment (the prompt shrinking as it empties) is not theirs, so it keeps following.
  const jumpToLatest = useCallback(() => {
    lastDownwardAt.current = performance.now();
    setTo(true);
    stick();
  }, [setTo, stick]);

  /** The reader moves the view down; at the end already, no scroll event will come, so follow. */
  const downward = useCallback(() => {
    lastDownwardAt.current = performance.now();
    const element = scroller.current;
    if (element && !followingRef.current && isAtBottom(element)) setTo(true);
  }, [scroller, setTo]);

  const upward = useCallback(() => {
    lastDownwardAt.current = Number.NEGATIVE_INFINITY;
    if (followingRef.current) setTo(false);
  }, [setTo]);

  const pageBy = useCallback(
    (direction: -1 | 1) => {
      const element = scroller.current;
      if (!element) return;
      const step = direction * element.clientHeight * 0.9;
      if (direction < 0) upward();
      else {
        downward();
        // A page down onto the end takes the reader back to the latest: follow now. Waiting for
        // the scroll's report would leave it to READER_SCROLL_MS, and a busy page reports the
        // scroll a frame later, which can be longer than that.
        const bottom = element.scrollHeight - element.clientHeight;
        if (!followingRef.current && element.scrollTop + step >= bottom - BOTTOM_SLACK_PX)
          setTo(true);
      }
      element.scrollBy({ top: step });
    },
    [scroller, upward, downward, setTo],
  );

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let touchY: number | undefined;
    let dragging = false;
    // The highest point (least scrollTop) the view reached during the reader's drag.
    let dragMinTop = 0;
    const onWheel = (event: WheelEvent): void => {
      if (isUpwardWheel(event)) upward();
      else downward();
    };
    const onKey = (event: KeyboardEvent): void => {
      if (isUpwardKey(event)) upward();
      else if (isDownwardKey(event)) downward();
      else if (isToLatestKey(event)) {
        // The browser's own End scrolls to where the end was when pressed (animated), which the
        // stream outruns; going to the latest is what the reader asked for.
        event.preventDefault();
        setTo(true);
        stick();
      }
    };
    const onPointerDown = (event: PointerEvent): void => {
      if (event.target !== element || !isScrollbarPress(event, element)) return;
      dragging = true;
      dragMinTop = element.scrollTop;
      upward();
    };
    const onPointerUp = (): void => {
      if (!dragging) return;
      dragging = false;
      // Let go at the very bottom (a press on the thumb that did not move it): following again.
      if (!followingRef.current && isAtBottom(element)) setTo(true);
    };
    const onTouchStart = (event: TouchEvent): void => {
      touchY = event.touches[0]?.clientY;
    };
    const onTouchMove = (event: TouchEvent): void => {
      const y = event.touches[0]?.clientY;
      if (touchY === undefined || y === undefined) return;
      if (isUpwardTouch(touchY, y)) upward();
      else downward();
    };
    let lastTop = element.scrollTop;
    const onScroll = (): void => {
      const top = element.scrollTop;
      const change = followAfterScroll({
        following: followingRef.current,
        atBottom: isAtBottom(element),
        movedUp: top < lastTop - 1,
        dragging,
        draggedDown: dragging && top > dragMinTop + 1,
        recentDownward: performance.now() - lastDownwardAt.current < READER_SCROLL_MS,
      });
      lastTop = top;
      if (dragging) dragMinTop = Math.min(dragMinTop, top);
      if (change === 'follow') setTo(true);
      else if (change === 'stop') setTo(false);
    };
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('keydown', onKey);
    element.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: true });
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('scroll', onScroll);
    };
  }, [scroller, setTo, stick, upward, downward]);

  // Sizes change without a render too (a row measured, the window resized): stick then as well,
  // before the frame is painted (ResizeObserver runs after layout, before paint).
  useLayoutEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner) return;
    const observer = new ResizeObserver(() => stick());
    observer.observe(element);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [scroller, content, stick]);

  return { following, stick, jumpToLatest, pageBy };
}
