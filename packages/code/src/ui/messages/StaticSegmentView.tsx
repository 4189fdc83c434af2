// One history segment. Ink's <Static> renders it once; it is never rendered again.

import type { StaticSegment } from '../freeze/output-units.js';
import { segmentLines } from './segment-lines.js';
import { SafeText } from '../SafeText.js';

export function StaticSegmentView({
  segment,
  columns,
}: {
  readonly segment: StaticSegment;
  readonly columns: number;
}) {
  return <SafeText>{segmentLines(segment, columns).join('\n')}</SafeText>;
}
