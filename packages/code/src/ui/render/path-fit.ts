// A path in a given number of columns: what is cut is its start, so the file's name (what a
// reader looks for) stays. Widths by grapheme cluster, as Ink measures (text-width.ts).

import { graphemes, textWidth } from './text-width.js';

export function fitPath(path: string, width: number): string {
  if (textWidth(path) <= width) return path;
  if (width <= 1) return width === 1 ? '…' : '';
  const kept: string[] = [];
  let used = 1;
  const clusters = graphemes(path);
  for (let index = clusters.length - 1; index >= 0; index--) {
    const cluster = clusters[index]!;
    if (used + cluster.width > width) break;
    kept.unshift(cluster.text);
    used += cluster.width;
  }
  return `…${kept.join('')}`;
}
