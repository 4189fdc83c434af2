// Markdown for the terminal: marked's lexer turns text into tokens, rendered here as ANSI
// lines wrapped to the width. Pure: the same text and width always give the same lines.

import { Lexer } from 'marked';
import type { MarkedToken, Token, Tokens } from 'marked';
import type { TextStyle } from './ansi.js';
import { paint, visibleWidth } from './ansi.js';
import { hardWrapAnsiLine } from './ansi-lines.js';
import { highlightCode } from './code-highlight.js';
import type { Span } from './styled-text.js';
import { renderSpans, wrapPlainWords, wrapSpans, wrapToLines } from './styled-text.js';

const MARKED_TOKEN_TYPES: ReadonlySet<string> = new Set<MarkedToken['type']>([
  'blockquote',
  'br',
  'checkbox',
  'code',
  'codespan',
  'def',
  'del',
  'em',
  'escape',
  'heading',
  'hr',
  'html',
  'image',
  'link',
  'list',
  'list_item',
  'paragraph',
  'space',
  'strong',
  'table',
  'text',
]);

/** Tokens of marked's own kinds; anything else (an extension's token) is shown as written. */
function isMarkedToken(token: Token): token is MarkedToken {
  return MARKED_TOKEN_TYPES.has(token.type);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

function merged(outer: TextStyle | undefined, inner: TextStyle): TextStyle {
  return { ...outer, ...inner };
}

function span(text: string, style: TextStyle | undefined): Span {
  return style ? { text, style } : { text };
}

function inlineSpans(tokens: readonly Token[] | undefined, style: TextStyle | undefined): Span[] {
  return (tokens ?? []).flatMap((token) => inlineTokenSpans(token, style));
}

function inlineTokenSpans(token: Token, style: TextStyle | undefined): Span[] {
  if (!isMarkedToken(token)) return [span(token.raw, style)];
  switch (token.type) {
    case 'strong':
      return inlineSpans(token.tokens, merged(style, { bold: true }));
    case 'em':
      return inlineSpans(token.tokens, merged(style, { italic: true }));
    case 'del':
      return inlineSpans(token.tokens, merged(style, { strikethrough: true }));
    case 'codespan':
      return [span(decodeEntities(token.text), merged(style, { color: 'cyan' }))];
    case 'link': {
      const text = inlineSpans(token.tokens, merged(style, { color: 'blue', underline: true }));
      const showHref = token.text !== token.href && !token.href.startsWith('mailto:');
      return showHref ? [...text, span(` (${token.href})`, merged(style, { dim: true }))] : text;
    }
    case 'image':
      return [span(`[image: ${token.text || token.href}]`, merged(style, { dim: true }))];
    case 'br':
      return [span('\n', style)];
    case 'checkbox':
      return [span(token.checked ? '[x] ' : '[ ] ', style)];
    case 'text':
      return token.tokens && token.tokens.length > 0
        ? inlineSpans(token.tokens, style)
        : [span(decodeEntities(token.text), style)];
    case 'escape':
    case 'html':
      return [span(decodeEntities(token.text), style)];
    default:
      return [span(token.raw, style)];
  }
}

function withPrefix(lines: readonly string[], first: string, rest: string): string[] {
  return lines.map((line, index) => (index === 0 ? first : rest) + line);
}

function renderCode(token: Tokens.Code, width: number): string[] {
  const indent = '  ';
  const code = token.text.replace(/\n+$/, '');
  return highlightCode(code, token.lang).flatMap((line) =>
    hardWrapAnsiLine(line, width - indent.length).map((piece) => indent + piece),
  );
}

function renderList(token: Tokens.List, width: number): string[] {
  const lines: string[] = [];
  const start = typeof token.start === 'number' ? token.start : 1;
  token.items.forEach((item, index) => {
    const bullet = token.ordered ? `${start + index}.` : '•';
    const box = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
    const marker = `${bullet} ${box}`;
    const indent = ' '.repeat(visibleWidth(marker));
    const content = item.tokens.filter((child) => child.type !== 'checkbox');
    const body = renderBlocks(content, width - indent.length, item.loose);
    if (item.loose && index > 0) lines.push('');
    lines.push(
      ...withPrefix(
        body.length > 0 ? body : [''],
        paint(marker, { dim: !token.ordered && !item.task }),
        indent,
      ),
    );
  });
  return lines;
}

function renderTable(token: Tokens.Table, width: number): string[] {
  const header = token.header.map((cell) => renderSpans(inlineSpans(cell.tokens, { bold: true })));
  const rows = token.rows.map((row) =>
    row.map((cell) => renderSpans(inlineSpans(cell.tokens, undefined))),
  );
  const columns = header.map((cell, column) =>
    Math.max(visibleWidth(cell), ...rows.map((row) => visibleWidth(row[column] ?? ''))),
  );
  const total = columns.reduce((sum, column) => sum + column, 0) + 3 * (columns.length - 1);
  if (total > width) {
    // Too wide to align: one wrapped line per row.
    return [header, ...rows].flatMap((row) => wrapToLines([{ text: row.join(' | ') }], width));
  }
  const separator = paint(' │ ', { dim: true });
  const pad = (cell: string, column: number): string =>
    cell + ' '.repeat((columns[column] ?? 0) - visibleWidth(cell));
  const rule = paint(columns.map((column) => '─'.repeat(column)).join('─┼─'), { dim: true });
  return [
    header.map(pad).join(separator),
    rule,
    ...rows.map((row) => header.map((_, column) => pad(row[column] ?? '', column)).join(separator)),
  ];
}

function renderBlock(token: Token, width: number): string[] {
  if (!isMarkedToken(token)) return wrapToLines([{ text: token.raw.replace(/\n+$/, '') }], width);
  switch (token.type) {
    case 'space':
    case 'def':
    case 'checkbox':
      return [];
    case 'heading': {
      const style: TextStyle = token.depth === 1 ? { bold: true, underline: true } : { bold: true };
      return wrapSpans(inlineSpans(token.tokens, style), width).map(renderSpans);
    }
    case 'paragraph':
      return wrapSpans(inlineSpans(token.tokens, undefined), width).map(renderSpans);
    case 'text': {
      const spans = token.tokens
        ? inlineSpans(token.tokens, undefined)
        : [span(decodeEntities(token.text), undefined)];
      return wrapSpans(spans, width).map(renderSpans);
    }
    case 'code':
      return renderCode(token, width);
    case 'blockquote': {
      const bar = paint('│ ', { dim: true });
      return renderBlocks(token.tokens, width - 2).map((line) => bar + line);
    }
    case 'list':
      return renderList(token, width);
    case 'table':
      return renderTable(token, width);
    case 'hr':
      return [paint('─'.repeat(Math.min(width, 40)), { dim: true })];
    default:
      return wrapToLines([{ text: token.raw.replace(/\n+$/, '') }], width);
  }
}

/** Block tokens as lines; loose content (paragraphs, loose list items) gets a blank line between blocks. */
function renderBlocks(tokens: readonly Token[], width: number, loose = true): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    const rendered = renderBlock(token, width);
    if (rendered.length === 0) continue;
    if (lines.length > 0 && loose) lines.push('');
    lines.push(...rendered);
  }
  return lines;
}

/**
 * One line of prose that markdown leaves as it is: it starts with a letter (no list, heading,
 * quote, fence or table can start there) and holds only letters, digits, spaces and punctuation
 * that marks nothing (no emphasis, code, link, entity, HTML, escape, autolink), then line ends,
 * or spaces where a chunk ended (no hard break without a line end). Most of a reply's
 * paragraphs, and the live one grows every frame: it is wrapped as the lexer's paragraph would
 * be, without running the lexer.
 */
const PLAIN_PROSE = /^[A-Za-z][A-Za-z0-9 ,.;?!'"()-]*(?:[A-Za-z0-9,.;?!'"()-]\n*)?$/;

function plainProseLines(text: string, width: number): string[] | undefined {
  if (!PLAIN_PROSE.test(text) || /www\./i.test(text)) return undefined;
  return wrapPlainWords(text.replace(/\n+$/, ''), width);
}

/** Markdown `text` as terminal lines of at most `width` columns, through marked's lexer. */
export function lexedMarkdown(text: string, width: number): string[] {
  if (text.trim() === '') return [];
  return renderBlocks(Lexer.lex(text), Math.max(8, width));
}

/** Markdown `text` as terminal lines of at most `width` columns. */
export function renderMarkdown(text: string, width: number): string[] {
  return plainProseLines(text, Math.max(8, width)) ?? lexedMarkdown(text, width);
}
