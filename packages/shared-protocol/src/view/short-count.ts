// A count in a few characters ("999", "1.2k", "45k", "2.5M"): the status line's tokens, /tasks'
// output sizes, /usage and /context.

export function shortCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}
