// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date: how long ago a
// session was last used, in the words a list needs.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(then: number, now: number): string {
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return new Date(then).toISOString().slice(0, 10);
}
