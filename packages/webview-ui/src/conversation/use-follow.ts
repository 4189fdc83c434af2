// Following the stream: while the reader is at the bottom, every change of the content (a
// delta, a new message, a tool card growing) keeps the view at the bottom, in the same frame.
// Any upward intent (follow-intent.ts) stops following at once; from then on nothing moves the
// view — content above it is kept in place by the virtualizer — until the reader scrolls back
// to the bottom or presses "Jump to latest".
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import {
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
  /** Stops following (a page up asked for from elsewhere, e.g. the prompt). */
  readonly stopFollowing: () => void;
}

export function useFollow(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): Follow {
  const followingRef = useRef(true);
  const [following, setFollowing] = useState(true);

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

  const jumpToLatest = useCallback(() => {
    setTo(true);
    stick();
  }, [setTo, stick]);

  const stopFollowing = useCallback(() => setTo(false), [setTo]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const stop = (): void => {
      if (followingRef.current) setTo(false);
    };
    let touchY: number | undefined;
    // Reaching the bottom follows again only when the reader took it there (a wheel, key, drag or
    // touch downwards): a scroll that clamps because the content got shorter (a row measured
    // smaller, a rewind), or the virtualiser keeping rows in place, is not the reader's.
    let lastDownwardAt = Number.NEGATIVE_INFINITY;
    let dragging = false;
    const downward = (): void => {
      lastDownwardAt = performance.now();
    };
    const upward = (): void => {
      lastDownwardAt = Number.NEGATIVE_INFINITY;
      stop();
    };
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
      upward();
    };
    const onPointerUp = (): void => {
      dragging = false;
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
      const readerWentDown = dragging || performance.now() - lastDownwardAt < READER_SCROLL_MS;
      if (isAtBottom(element)) {
        if (!followingRef.current && readerWentDown) setTo(true);
      } else if (followingRef.current && top < lastTop - 1 && !readerWentDown) {
        // Moved up by something this hook did not see (find in page, a screen reader, a
        // middle-click scroll): the reader went somewhere, so stop following.
        stop();
      }
      lastTop = top;
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
  }, [scroller, setTo, stick]);

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

  return { following, stick, jumpToLatest, stopFollowing };
}
