// The /btw overlay as lines: a rounded box with the question in its top border, the end of the
// answer that fits, and what the keys do. It lives in the live area, never in the history.

import { paint, visibleWidth } from '../render/ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { renderMarkdown } from '../render/markdown.js';
import { wrapToLines } from '../render/styled-text.js';
import type { SideQuestion } from '@wave-agent/shared-protocol';

const BORDER = { color: 'magenta' } as const;

function framed(line: string, inner: number): string {
  const fitted = truncateAnsiLine(line, inner);
  const padding = ' '.repeat(Math.max(0, inner - visibleWidth(fitted)));
  return `${paint('│', BORDER)} ${fitted}${padding} ${paint('│', BORDER)}`;
}

function footer(state: SideQuestion): string {
  switch (state.stage) {
    case 'answering':
      return paint('answering… · Esc stops · the conversation is not changed', { dim: true });
    case 'answered':
      return paint('Enter or Esc closes · this answer is not kept in the conversation', {
        dim: true,
      });
    case 'failed':
      return paint('Enter or Esc closes', { dim: true });
  }
}

function bodyLines(state: SideQuestion, inner: number): string[] {
  const answer =
    state.answer.trim() === '' ? [] : renderMarkdown(terminalText(state.answer), inner);
  if (state.stage === 'failed' && state.error) {
    return [...answer, ...wrapToLines([{ text: state.error, style: { color: 'red' } }], inner)];
  }
  if (answer.length === 0 && state.stage === 'answering') return [paint('…', { dim: true })];
  return answer;
}

/** At most `maxRows` lines (never fewer than 4: borders, one line of answer, the keys). */
export function sideAnswerLines(state: SideQuestion, width: number, maxRows: number): string[] {
  const inner = Math.max(8, width - 4);
  const title = ` btw: ${state.question.replace(/\s+/g, ' ')} `;
  const fittedTitle = truncateAnsiLine(title, Math.max(1, inner - 1));
  const top = paint(
    `╭─${fittedTitle}${'─'.repeat(Math.max(0, inner - visibleWidth(fittedTitle)))}─╮`,
    BORDER,
  );
  const bottom = paint(`╰${'─'.repeat(inner + 2)}╯`, BORDER);
  const room = Math.max(1, maxRows - 3);
  // The end of a long answer is what is arriving; the start scrolls off.
  const body = bodyLines(state, inner).slice(-room);
  return [top, ...body.map((line) => framed(line, inner)), framed(footer(state), inner), bottom];
}
