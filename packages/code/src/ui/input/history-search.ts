// Ctrl+R: an incremental reverse search of the prompt history, as shells do. Each letter
// narrows the search (from the match shown, newest first), Ctrl+R again goes to an older match,
// Enter puts the match in the prompt to edit or send, Esc leaves with the prompt as it was.
import { paint } from '../render/ansi.js';
import type { EditorState } from './text-editor.js';

export interface HistorySearch {
  readonly query: string;
  /** Index in the history of the match shown; undefined when nothing matches. */
  readonly match: number | undefined;
  /** The prompt as it was when the search began, back on Esc. */
  readonly draft: EditorState;
}

/** The newest entry at or before `from` that holds `query` (case does not matter). */
export function findOlder(
  entries: readonly string[],
  query: string,
  from: number,
): number | undefined {
  const needle = query.toLowerCase();
  for (let index = Math.min(from, entries.length - 1); index >= 0; index--) {
    if ((entries[index] ?? '').toLowerCase().includes(needle)) return index;
  }
  return undefined;
}

export function startSearch(entries: readonly string[], draft: EditorState): HistorySearch {
  return { query: '', match: findOlder(entries, '', entries.length - 1), draft };
}

/** Ctrl+R again: the next older match; the same one when there is none older. */
export function searchOlder(entries: readonly string[], search: HistorySearch): HistorySearch {
  if (search.match === undefined) return search;
  const older = findOlder(entries, search.query, search.match - 1);
  return older === undefined ? search : { ...search, match: older };
}

/** The query typed on: the match shown if it still fits, else an older one. */
export function searchTyped(
  entries: readonly string[],
  search: HistorySearch,
  query: string,
): HistorySearch {
  // A shorter query searches again from the newest; a longer one from the match shown.
  const from =
    query.length < search.query.length || search.match === undefined
      ? entries.length - 1
      : search.match;
  return { ...search, query, match: findOlder(entries, query, from) };
}

/** The search as prompt lines: a rule, what is searched, the match with the query highlighted. */
export function searchLines(
  entries: readonly string[],
  search: HistorySearch,
  width: number,
): string[] {
  const rule = paint('─'.repeat(Math.max(1, width)), { dim: true });
  const asked = `${paint('search prompts:', { bold: true, color: 'cyan' })} ${search.query}${paint(' ', { inverse: true })}`;
  const hint = paint('Ctrl+R older · Enter take · Esc leave', { dim: true });
  if (search.match === undefined)
    return [rule, asked, paint(`no prompt holds "${search.query}"`, { dim: true }), hint];
  const entry = entries[search.match] ?? '';
  const at = search.query === '' ? -1 : entry.toLowerCase().indexOf(search.query.toLowerCase());
  const shown =
    at < 0
      ? entry
      : entry.slice(0, at) +
        paint(entry.slice(at, at + search.query.length), { inverse: true, bold: true }) +
        entry.slice(at + search.query.length);
  return [rule, asked, ...`> ${shown}`.split('\n'), hint];
}
