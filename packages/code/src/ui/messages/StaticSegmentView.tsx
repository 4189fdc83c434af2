// One history segment. Ink's <Static> renders it once; it is never rendered again.

import { Text } from 'ink';
import type { StaticSegment } from '../freeze/output-units.js';
import { segmentLines } from './segment-lines.js';

export function StaticSegmentView({
  segment,
  columns,
}: {
  readonly segment: StaticSegment;
  readonly columns: number;
}) {
  return <Text>{segmentLines(segment, columns).join('\n')}</Text>;
}
