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
  isUpwardKey,
  isUpwardTouch,
  isUpwardWheel,
} from './follow-intent.js';

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
    const onWheel = (event: WheelEvent): void => {
      if (isUpwardWheel(event)) stop();
    };
    const onKey = (event: KeyboardEvent): void => {
      if (isUpwardKey(event)) stop();
    };
    const onPointerDown = (event: PointerEvent): void => {
      if (event.target === element && isScrollbarPress(event, element)) stop();
    };
    const onTouchStart = (event: TouchEvent): void => {
      touchY = event.touches[0]?.clientY;
    };
    const onTouchMove = (event: TouchEvent): void => {
      const y = event.touches[0]?.clientY;
      if (touchY !== undefined && y !== undefined && isUpwardTouch(touchY, y)) stop();
    };
    let lastTop = element.scrollTop;
    const onScroll = (): void => {
      const top = element.scrollTop;
      if (isAtBottom(element)) {
        if (!followingRef.current) setTo(true);
      } else if (followingRef.current && top < lastTop - 1) {
        // Moved up by something this hook did not see (find in page, a screen reader, a
        // middle-click scroll): the reader went somewhere, so stop following.
        stop();
      }
      lastTop = top;
    };
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('keydown', onKey);
    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: true });
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('scroll', onScroll);
    };
  }, [scroller, setTo]);

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
