// The live part of the message list, redrawn on every change; never taller than its rows.

import { memo, useMemo } from 'react';
import type { LiveItem } from '../freeze/output-units.js';
import { useSecondsClock } from '../hooks/use-seconds-clock.js';
import { liveLines } from './live-lines.js';
import { SafeText } from '../SafeText.js';

function hasLiveReasoning(items: readonly LiveItem[]): boolean {
  return items.some((item) => item.block.type === 'reasoning' && item.block.stage === 'streaming');
}

interface LiveAreaProps {
  readonly items: readonly LiveItem[];
  readonly columns: number;
  readonly rows: number;
}

export const LiveArea = memo(function LiveArea({ items, columns, rows }: LiveAreaProps) {
  // The 1 s timer runs only while some reasoning streams ("Thinking 9s").
  const now = useSecondsClock(hasLiveReasoning(items));
  const lines = useMemo(
    () => liveLines(items, { columns, rows }, now),
    [items, columns, rows, now],
  );
  if (lines.length === 0) return null;
  return <SafeText>{lines.join('\n')}</SafeText>;
});
