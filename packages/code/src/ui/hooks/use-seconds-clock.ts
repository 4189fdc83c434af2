// A clock that ticks once a second, and only while something on screen counts seconds
// (a live "Thinking 9s" header, a running turn): no timer, no re-render, otherwise.

import { useEffect, useState } from 'react';

export function useSecondsClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
