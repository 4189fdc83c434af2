// The `@path` mentions of a message's text: `@src/a.ts` or `@"docs/my notes.md"`, at the start or
// after whitespace (so `me@example.com` is none), and never inside backtick code (`` `@x` `` or a
// fenced block), where the user is quoting rather than attaching.

export interface Mention {
  /** The path as written (quotes removed). */
  readonly path: string;
  /** Whether it was quoted: a quoted path is taken exactly, an unquoted one may lose trailing punctuation. */
  readonly quoted: boolean;
}

/** The most mentions one message attaches; more are left as text. */
const MAX_MENTIONS = 20;

const MENTION = /(^|\s)@(?:"([^"\n]+)"|([^\s"`]+))/g;

/** The text with every backtick span and fenced block blanked out (same length, so offsets hold). */
function withoutCode(text: string): string {
  return text
    .replace(/```[\s\S]*?(```|$)/g, (code) => ' '.repeat(code.length))
    .replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

export function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  const seen = new Set<string>();
  for (const match of withoutCode(text).matchAll(MENTION)) {
    const quoted = match[2];
    const path = quoted ?? match[3] ?? '';
    if (path === '' || seen.has(path)) continue;
    seen.add(path);
    found.push({ path, quoted: quoted !== undefined });
    if (found.length === MAX_MENTIONS) break;
  }
  return found;
}

/** An unquoted mention's path without the punctuation that ends a sentence around it. */
export function withoutTrailingPunctuation(path: string): string {
  return path.replace(/[.,;:!?)\]}'>]+$/, '');
}
