// The expanded view: a snapshot taken when the user pressed Ctrl+O, shown in the live area
// (the history above cannot be redrawn), as the last lines that fit. It does not change while
// events keep arriving; PageUp/PageDown scroll it.

import { memo, useMemo } from 'react';
import type { Message } from '@wave-agent/shared-protocol';
import { hintLine } from './segment-lines.js';
import { snapshotWindow } from './snapshot-lines.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { SafeText } from '../SafeText.js';

export interface Snapshot {
  readonly messages: readonly Message[];
  readonly takenAt: number;
}

interface ExpandedSnapshotProps {
  readonly snapshot: Snapshot;
  readonly columns: number;
  readonly rows: number;
  readonly scroll: number;
}

export const ExpandedSnapshot = memo(function ExpandedSnapshot({
  snapshot,
  columns,
  rows,
  scroll,
}: ExpandedSnapshotProps) {
  const text = useMemo(() => {
    const window = snapshotWindow(
      snapshot.messages,
      columns,
      Math.max(1, rows - 1),
      scroll,
      snapshot.takenAt,
    );
    const position =
      window.scroll > 0
        ? `${window.scroll} lines up; PageDown to go back down`
        : 'PageUp to scroll';
    // One row, as the window counts it: wrapped on a narrow screen, the view would be a row
    // taller than the screen and the terminal would scroll the hint off its top.
    const hint = hintLine(
      truncateAnsiLine(
        `── expanded view as of Ctrl+O: showing the last ${window.lines.length} lines (${position}); Ctrl+O to return ──`,
        columns,
      ),
    );
    return [hint, ...window.lines].join('\n');
  }, [snapshot, columns, rows, scroll]);
  return <SafeText>{text}</SafeText>;
});
