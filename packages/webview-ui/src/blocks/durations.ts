// Reasoning's clock in words (ARCHITECTURE §2.9): "Thinking 9s" while it runs, "Thought for 15s" once
// it ended; with a missing or negative duration, no number at all.

function seconds(ms: number): string {
  const total = Math.round(ms / 1000);
  if (total < 60) return `${total}s`;
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

export function reasoningLabel(
  stage: 'streaming' | 'end',
  startedAt: number | undefined,
  endedAt: number | undefined,
  now: number,
): string {
  if (stage === 'streaming') {
    if (startedAt === undefined || now < startedAt) return 'Thinking';
    return `Thinking ${seconds(now - startedAt)}`;
  }
  if (startedAt === undefined || endedAt === undefined || endedAt < startedAt) return 'Thought';
  return `Thought for ${seconds(endedAt - startedAt)}`;
}
