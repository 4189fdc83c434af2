// Ctrl+C twice to leave: the first press only shows a hint for EXIT_CONFIRM_MS; a second press
// within that time leaves.

import { useCallback, useEffect, useRef, useState } from 'react';

/** A second Ctrl+C within this long exits. */
export const EXIT_CONFIRM_MS = 2000;

export interface ExitConfirmation {
  /** Whether the "press again" hint shows. */
  readonly hintShown: boolean;
  /** Call on Ctrl+C. */
  readonly press: () => void;
}

export function useExitConfirmation(leave: () => void): ExitConfirmation {
  const [hintShown, setHintShown] = useState(false);
  const lastPress = useRef(Number.NEGATIVE_INFINITY);
  const press = useCallback(() => {
    const now = Date.now();
    if (now - lastPress.current <= EXIT_CONFIRM_MS) {
      leave();
      return;
    }
    lastPress.current = now;
    setHintShown(true);
  }, [leave]);
  useEffect(() => {
    if (!hintShown) return undefined;
    const timer = setTimeout(() => setHintShown(false), EXIT_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [hintShown]);
  return { hintShown, press };
}
