// The generic parts of a block's body (shared-protocol's ViewPart) as terminal lines, under a
// dim label and indented, each wrapped to the width. The terminal's own touches are here only:
// a diff's colours (diffPartLines), a checklist's marks, markdown as the terminal renders it.
// The parts' strings are a stranger's (read from the model's input): each line is made visible
// (visibleText) before it is painted, so nothing in them talks to the terminal.
import type { ViewPart, ViewTone } from '@wave-agent/shared-protocol';
import { LIST_MARKS } from '@wave-agent/shared-protocol';
import type { TextStyle } from './ansi.js';
import { paint } from './ansi.js';
import { hardWrapAnsiLine } from './ansi-lines.js';
import { diffPartLines } from './file-change-lines.js';
import { renderMarkdown } from './markdown.js';
import { terminalText, visibleText } from '../../terminal/terminal-text.js';

const INDENT = '    ';

const TONES: Readonly<Record<ViewTone, TextStyle | undefined>> = {
  plain: undefined,
  muted: { dim: true },
  good: { color: 'green' },
  warning: { color: 'yellow' },
  bad: { color: 'red' },
};

/** The label a part stands under when it names none itself. */
function labelOf(part: ViewPart): string | undefined {
  switch (part.kind) {
    case 'diff':
      return 'change';
    case 'code':
      return part.label ?? (part.language === 'shell' ? 'command' : 'code');
    case 'keyValues':
      return part.label ?? 'input';
    case 'link':
      // A link reads as itself.
      return undefined;
    default:
      return part.label;
  }
}

/** A stranger's text as visible lines. */
function lines(text: string): string[] {
  return text.split('\n').map(visibleText);
}

/** The part's lines, unindented and unwrapped (one per line of its text). */
function rawLines(part: ViewPart, width: number): string[] {
  switch (part.kind) {
    case 'text':
      return lines(part.text).map((line) => paint(line, TONES[part.tone ?? 'plain']));
    case 'markdown':
      return renderMarkdown(terminalText(part.text), Math.max(1, width - INDENT.length));
    case 'code':
      return lines(part.text);
    case 'diff':
      return diffPartLines(part);
    case 'list':
      return part.items.map((given) => {
        const item = { ...given, text: visibleText(given.text) };
        if (item.mark === undefined) return `• ${item.text}`;
        const mark = LIST_MARKS[item.mark];
        if (item.mark === 'done')
          return paint(`${mark} ${item.text}`, { dim: true, strikethrough: true });
        if (item.mark === 'active') return paint(`${mark} ${item.text}`, { bold: true });
        return `${mark} ${item.text}`;
      });
    case 'keyValues':
      return part.entries.map(
        (entry) =>
          `${paint(`${visibleText(entry.key)}:`, { dim: true })} ${visibleText(entry.value)}`,
      );
    case 'link': {
      const url = visibleText(part.url);
      return [
        part.text === undefined
          ? url
          : `${visibleText(part.text)} ${paint(url, { underline: true })}`,
      ];
    }
  }
}

/** A body part under its label, indented and wrapped to `width`. */
export function viewPartLines(part: ViewPart, width: number): string[] {
  const label = labelOf(part);
  const body = rawLines(part, width)
    .flatMap((line) => hardWrapAnsiLine(line, Math.max(1, width - INDENT.length)))
    .map((line) => `${INDENT}${line}`);
  return label === undefined ? body : [paint(`  ${label}`, { dim: true }), ...body];
}
