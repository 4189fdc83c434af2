// The messages sent from this view, newest last, walked with ↑/↓ like a shell's history. What
// was being typed when the walk began comes back at its end.

export interface InputHistory {
  readonly entries: readonly string[];
  /** Where the walk is: entries.length means "not walking". */
  readonly position: number;
  /** The text being typed when the walk began. */
  readonly draft: string;
}

const MAX_ENTRIES = 200;

export const emptyHistory: InputHistory = { entries: [], position: 0, draft: '' };

export function remember(history: InputHistory, text: string): InputHistory {
  const entries =
    history.entries.at(-1) === text
      ? history.entries
      : [...history.entries, text].slice(-MAX_ENTRIES);
  return { entries, position: entries.length, draft: '' };
}

/** One step back; undefined when there is nothing older. */
export function older(
  history: InputHistory,
  current: string,
): { history: InputHistory; text: string } | undefined {
  if (history.position === 0) return undefined;
  const draft = history.position === history.entries.length ? current : history.draft;
  const position = history.position - 1;
  return { history: { ...history, position, draft }, text: history.entries[position] ?? '' };
}

/** One step forward; undefined when not walking. */
export function newer(history: InputHistory): { history: InputHistory; text: string } | undefined {
  if (history.position >= history.entries.length) return undefined;
  const position = history.position + 1;
  const text =
    position === history.entries.length ? history.draft : (history.entries[position] ?? '');
  return { history: { ...history, position }, text };
}
