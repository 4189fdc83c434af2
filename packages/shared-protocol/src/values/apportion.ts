// A whole number split in proportion to some counts, in whole parts that add up to it exactly
// (largest remainders get the leftover units): /context's bar cells, and the request's reported
// input tokens spread over Wave's estimate of each part.

/** `counts` split into `cells` whole cells in proportion, the largest remainders rounded up. */
export function apportion(counts: readonly number[], cells: number): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * cells) / total);
  const whole = exact.map(Math.floor);
  let left = cells - whole.reduce((sum, count) => sum + count, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    whole[index] = (whole[index] ?? 0) + 1;
  }
  return whole;
}
