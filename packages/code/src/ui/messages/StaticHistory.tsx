// The history: Ink's <Static>, written once and append-only. Memoized on the segment list
// (the planner keeps its identity until something is appended) because Ink flushes a frame
// at once, past its maxFps throttle, whenever the <Static> node is re-rendered: without the
// memo every delta would bypass the 30 fps limit and rewrite the live area.
import { memo } from 'react';
import { Static } from 'ink';
import type { StaticSegment } from '../freeze/output-units.js';
import { StaticSegmentView } from './StaticSegmentView.js';

export interface StaticHistoryProps {
  readonly segments: readonly StaticSegment[];
  readonly columns: number;
}

export const StaticHistory = memo(function StaticHistory({
  segments,
  columns,
}: StaticHistoryProps) {
  return (
    <Static items={[...segments]}>
      {(segment) => <StaticSegmentView key={segment.key} segment={segment} columns={columns} />}
    </Static>
  );
});
