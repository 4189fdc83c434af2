// The reasoning header: "Thinking 9s" while it streams, "Thought for 15s" once it ended
// (ARCHITECTURE §2.9). A missing start, or an end before the start, shows no duration at all.

export function thinkingLabel(startedAt: number | undefined, now: number): string {
  if (startedAt === undefined || now < startedAt) return 'Thinking';
  return `Thinking ${Math.floor((now - startedAt) / 1000)}s`;
}

export function thoughtLabel(startedAt: number | undefined, endedAt: number | undefined): string {
  if (startedAt === undefined || endedAt === undefined || endedAt < startedAt) return 'Thought';
  const seconds = Math.round((endedAt - startedAt) / 1000);
  return seconds < 1 ? 'Thought for <1s' : `Thought for ${seconds}s`;
}
