// The few generic parts a block's body is made of. Every screen (terminal, chat UI, ACP, print
// text) knows how to draw each of them; a block kind or a tool says what it shows with these
// parts and never draws anything itself (docs/ARCHITECTURE.md §7, "A new tool").

/** How a part's text reads: plain, quiet, or a state worth the eye. */
export type ViewTone = 'plain' | 'muted' | 'good' | 'warning' | 'bad';

/** An item of a list: its text and, for a checklist, where it stands. */
export interface ViewListItem {
  readonly text: string;
  readonly mark?: 'done' | 'active' | 'open';
}

export type ViewPart =
  | {
      readonly kind: 'text';
      readonly label?: string;
      readonly text: string;
      readonly tone?: ViewTone;
    }
  | { readonly kind: 'markdown'; readonly label?: string; readonly text: string }
  /** Code or a command; `language: 'shell'` is a command line (screens may prompt it with `$`). */
  | {
      readonly kind: 'code';
      readonly label?: string;
      readonly text: string;
      readonly language?: string;
    }
  /**
   * A file's change. `oldText` absent: only the new text is known (a whole file written, all
   * added); `created`: the file did not exist before.
   */
  | {
      readonly kind: 'diff';
      readonly path: string;
      readonly oldText?: string;
      readonly newText: string;
      readonly created?: boolean;
    }
  | { readonly kind: 'list'; readonly label?: string; readonly items: readonly ViewListItem[] }
  | {
      readonly kind: 'keyValues';
      readonly label?: string;
      readonly entries: readonly { readonly key: string; readonly value: string }[];
    }
  | { readonly kind: 'link'; readonly url: string; readonly text?: string };

export type ViewPartKind = ViewPart['kind'];

/** The mark a checklist item shows on a screen of plain characters (terminal, print, ACP). */
export const LIST_MARKS: Readonly<Record<NonNullable<ViewListItem['mark']>, string>> = {
  done: '☒',
  active: '◐',
  open: '☐',
};

/**
 * A part as plain lines, for screens that show text only (ACP's content, print): the shared
 * fallback, so a new part kind is written here once. A diff is left to the screen (ACP has its
 * own diff content; the terminal colours it).
 */
export function viewPartText(part: ViewPart): string {
  switch (part.kind) {
    case 'text':
    case 'markdown':
    case 'code':
      return part.text;
    case 'diff':
      return part.newText;
    case 'list':
      return part.items
        .map((item) => `${item.mark ? `${LIST_MARKS[item.mark]} ` : '- '}${item.text}`)
        .join('\n');
    case 'keyValues':
      return part.entries.map((entry) => `${entry.key}: ${entry.value}`).join('\n');
    case 'link':
      return part.text === undefined ? part.url : `${part.text} <${part.url}>`;
  }
}
