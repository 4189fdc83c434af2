// A block's view (shared-protocol's BlockView) as terminal lines, by its shape, never by its kind:
// a card (a header with glyph, mark, where it ran and how it ended; the output's tail, all of it
// expanded), a note (a glyph and the title in its tone, wrapped; its body expanded), a divider (a
// rule with the title, the body's first line; the body expanded), a chip (one line, a long name
// losing its start). The terminal's own touches live here: glyphs, colours, the width.
import type { BlockIcon, BlockView, HookRun, ViewTone } from '@wave-agent/shared-protocol';
import { hookRunView, viewPartText } from '@wave-agent/shared-protocol';
import { terminalText, visibleText } from '../../terminal/terminal-text.js';
import type { Color, TextStyle } from './ansi.js';
import { colorsOn, paint } from './ansi.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { renderMarkdown } from './markdown.js';
import { fitPath } from './path-fit.js';
import { wrapToLines } from './styled-text.js';
import { lastLines, lineCount } from './text-tail.js';
import { textWidth } from './text-width.js';
import { viewPartLines } from './view-part-lines.js';

/** Lines of running output a collapsed card shows; never the whole output. */
export const RUNNING_TAIL_LINES = 5;

const GLYPHS: Readonly<Record<BlockIcon, string>> = {
  running: '⟳',
  done: '✓',
  failed: '✗',
  info: 'ℹ',
  warning: '⚠',
  error: '✗',
  hook: '↪',
  file: '📎',
  image: '🖼',
};

/** A card's glyph says how it stands, in the status' colour. */
const CARD_COLORS: Partial<Record<BlockIcon, Color>> = {
  running: 'yellow',
  done: 'green',
  failed: 'red',
};

const TONES: Readonly<Record<ViewTone, TextStyle>> = {
  plain: {},
  muted: { dim: true },
  good: { color: 'green' },
  warning: { color: 'yellow' },
  bad: { color: 'red' },
};

/** Output lines under a header: "⎿" before the first, aligned after it. */
export function outputLines(lines: readonly string[], width: number, color?: Color): string[] {
  return lines.map((line, index) =>
    truncateAnsiLine(
      `${index === 0 ? '  ⎿ ' : '    '}${paint(line, color ? { color } : { dim: true })}`,
      width,
    ),
  );
}

/**
 * Where a command ran, when the sandbox is on: "sandboxed", or "outside the sandbox" in yellow
 * (the user agreed to it). Nothing for other tools, or with the sandbox off.
 */
export function sandboxTag(sandboxed: boolean | undefined): string {
  if (sandboxed === undefined) return '';
  return sandboxed
    ? paint(' [sandboxed]', { dim: true })
    : paint(' [outside the sandbox]', { color: 'yellow' });
}

function bodyLines(view: BlockView, width: number, indent: string): string[] {
  return view.body
    .flatMap((part) => viewPartLines(part, Math.max(1, width - indent.length)))
    .map((line) => `${indent}${line}`);
}

function cardLines(view: BlockView, width: number, expanded: boolean): string[] {
  const color = CARD_COLORS[view.icon];
  const glyph = paint(GLYPHS[view.icon], color ? { color } : {});
  const mark = view.mark === '' ? '' : paint(view.mark, { bold: true, color: 'magenta' });
  // How it ended, when that is worth the eye.
  const ended = view.icon === 'failed' ? paint(` (${view.status})`, { color: 'red' }) : '';
  const header = truncateAnsiLine(
    `${glyph} ${mark}${sandboxTag(view.sandboxed)} ${view.title}${ended}`,
    width,
  );
  const output = view.output;
  if (expanded) {
    const body = output
      .replace(/\n$/, '')
      .split('\n')
      .flatMap((line) => hardWrapAnsiLine(line, width - 4));
    return output === '' ? [header] : [header, ...body.map((line) => `    ${line}`)];
  }
  const tail = lastLines(output, RUNNING_TAIL_LINES);
  // Counting every line is paid once, at the end, not on each chunk of a running command.
  const hidden = view.live ? 0 : lineCount(output) - tail.length;
  const more =
    hidden > 0 ? [paint(`    … ${hidden} earlier lines (Ctrl+O shows all)`, { dim: true })] : [];
  return [header, ...more, ...outputLines(tail, width)];
}

function noteLines(view: BlockView, width: number, expanded: boolean, indent: string): string[] {
  const style = TONES[view.tone];
  const head = wrapToLines([{ text: view.title, style }], width, {
    first: `${indent}${paint(`${GLYPHS[view.icon]} `, style)}`,
    rest: `${indent}  `,
  });
  return expanded ? [...head, ...bodyLines(view, width, indent)] : head;
}

function dividerLines(view: BlockView, width: number, expanded: boolean): string[] {
  const rule = paint(
    `── ${view.title} ${'─'.repeat(Math.max(0, Math.min(width, 60) - view.title.length - 4))}`,
    { dim: true },
  );
  if (expanded) return [rule, ...bodyLines(view, width, '')];
  // The body's first line, rendered as the screen renders it (a summary is markdown).
  const [part] = view.body;
  if (part === undefined) return [rule];
  const text = viewPartText(part).trim();
  const [first = ''] =
    part.kind === 'markdown'
      ? renderMarkdown(text, Math.max(1, width - 2))
      : [visibleText(text.split('\n', 1)[0] ?? '')];
  const label = 'label' in part && part.label !== undefined ? `the ${part.label}` : 'all';
  return [
    rule,
    truncateAnsiLine(`  ${first}${paint(` (Ctrl+O shows ${label})`, { dim: true })}`, width),
  ];
}

function chipLines(view: BlockView, width: number): string[] {
  const glyph = `  ${GLYPHS[view.icon]} `;
  // The name is a stranger's (a file's, a pasted image's): no control character goes through.
  const room = width - textWidth(glyph) - textWidth(view.detail);
  const name = fitPath(visibleText(view.title), Math.max(1, room));
  const line = `${glyph}${paint(name, { color: 'cyan' })}${paint(view.detail, { dim: true })}`;
  return [truncateAnsiLine(line, width)];
}

function drawLines(view: BlockView, width: number, expanded: boolean, indent: string): string[] {
  switch (view.shape) {
    case 'card':
      return cardLines(view, width, expanded);
    case 'note':
      return noteLines(view, width, expanded, indent);
    case 'divider':
      return dividerLines(view, width, expanded);
    case 'chip':
      return chipLines(view, width);
  }
}

/** The lines last drawn of a view: views are immutable, so a frame that redraws an unchanged
 * block at the same width costs a lookup. */
const drawn = new WeakMap<BlockView, { readonly key: string; readonly lines: string[] }>();

function cachedLines(view: BlockView, width: number, expanded: boolean, indent = ''): string[] {
  const key = `${width}|${expanded ? 'e' : 'c'}|${indent}|${colorsOn() ? 'c' : 'p'}`;
  const known = drawn.get(view);
  if (known?.key === key) return known.lines;
  const lines = drawLines(view, width, expanded, indent);
  drawn.set(view, { key, lines });
  return lines;
}

/** A block's view as lines; its strings must already be safe for the terminal (terminalText). */
export function blockViewLines(view: BlockView, width: number, expanded: boolean): string[] {
  return cachedLines(view, width, expanded);
}

const safeRuns = new WeakMap<HookRun, HookRun>();

/** A hook run with every string made safe for the terminal (a hook prints a stranger's bytes). */
function safeRun(run: HookRun): HookRun {
  const known = safeRuns.get(run);
  if (known) return known;
  let safe = run;
  for (const [key, value] of Object.entries(run))
    if (typeof value === 'string' && terminalText(value) !== value)
      safe = { ...safe, [key]: terminalText(value) };
  safeRuns.set(run, safe);
  return safe;
}

/** A tool card's hook runs, under its header, indented. */
export function toolHookLines(
  hooks: readonly HookRun[] | undefined,
  width: number,
  expanded: boolean,
): string[] {
  return (hooks ?? []).flatMap((run) =>
    cachedLines(hookRunView(safeRun(run)), width, expanded, '  '),
  );
}
