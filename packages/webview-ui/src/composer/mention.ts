// `@` mentions in the prompt: the one being typed at the caret (what the file completion asks
// findFiles for) and what taking a completion writes there. A path with a space is quoted,
// `@"my notes/a.md"`, the form the agent reads back; a folder is left open (`@src/`) so the
// completion goes on inside it.
import type { FoundFile } from '@wave-agent/shared-protocol';

export interface MentionAtCaret {
  /** Where the `@` is. */
  readonly start: number;
  /** Where the mention ends (the caret). */
  readonly end: number;
  /** What follows the `@` (without an opening quote). */
  readonly query: string;
}

// An `@` at the start or after white space, then a bare path or an opened quote, up to the caret.
const AT_CARET = /(?:^|\s)@("[^"\n]*|[^\s"]*)$/;

export function mentionAtCaret(text: string, caret: number): MentionAtCaret | undefined {
  const before = text.slice(0, caret);
  const match = AT_CARET.exec(before);
  if (!match) return undefined;
  const typed = match[1] ?? '';
  return {
    start: caret - typed.length - 1,
    end: caret,
    query: typed.startsWith('"') ? typed.slice(1) : typed,
  };
}

/** `@path`, quoted when it holds white space or a quote would be ambiguous. */
export function mentionText(path: string, open = false): string {
  if (!/[\s"]/.test(path)) return `@${path}`;
  const quoted = `@"${path.replace(/"/g, '')}`;
  return open ? quoted : `${quoted}"`;
}

/**
 * The prompt after taking `file` for the mention: a file is closed with a space after it; a
 * folder stays open at its end, so what is typed next completes inside it.
 */
export function takeMention(
  text: string,
  mention: MentionAtCaret,
  file: FoundFile,
): { readonly text: string; readonly caret: number } {
  const inserted = file.folder ? mentionText(file.path, true) : `${mentionText(file.path)} `;
  const after = text.slice(mention.end);
  const next = text.slice(0, mention.start) + inserted + after;
  return { text: next, caret: mention.start + inserted.length };
}
