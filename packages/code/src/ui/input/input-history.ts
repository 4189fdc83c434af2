// What the user sent this session, recalled with ↑/↓. The text being written when browsing
// starts is kept and comes back after the newest entry.

export interface InputHistory {
  readonly entries: readonly string[];
  /** The entry shown, or undefined while editing a new message. */
  readonly position: number | undefined;
  readonly draft: string;
}

export const emptyHistory: InputHistory = { entries: [], position: undefined, draft: '' };

export function remembered(history: InputHistory, entry: string): InputHistory {
  const entries = history.entries.at(-1) === entry ? history.entries : [...history.entries, entry];
  return { entries, position: undefined, draft: '' };
}

/** One entry back; undefined when there is nothing older. */
export function older(
  history: InputHistory,
  current: string,
): { history: InputHistory; text: string } | undefined {
  if (history.entries.length === 0 || history.position === 0) return undefined;
  const position =
    history.position === undefined ? history.entries.length - 1 : history.position - 1;
  const draft = history.position === undefined ? current : history.draft;
  return { history: { ...history, position, draft }, text: history.entries[position] ?? '' };
}

/** One entry forward; past the newest, the draft. Undefined when not browsing. */
export function newer(history: InputHistory): { history: InputHistory; text: string } | undefined {
  if (history.position === undefined) return undefined;
  const position = history.position + 1;
  if (position >= history.entries.length)
    return { history: { ...history, position: undefined, draft: '' }, text: history.draft };
  return { history: { ...history, position }, text: history.entries[position] ?? '' };
}
