// The permission question as lines: what the tool wants to do (for Edit and Write, the change
// itself, clipped to the rows it may take; Ctrl+O shows all of it), why Wave asks, and the choices.

import { paint } from '../render/ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { fileChangeLines } from '../render/file-change-lines.js';
import type { PermissionDecision, PermissionQuestion } from '@wave-agent/shared-protocol';

export interface PermissionChoice {
  readonly label: string;
  readonly decision: PermissionDecision;
}

/** The choices, in order: "don't ask again" only when the question offers a rule. */
export function permissionChoices(question: PermissionQuestion): readonly PermissionChoice[] {
  return [
    { label: 'Allow once', decision: 'allow' },
    { label: `Allow ${question.toolName} for this session`, decision: 'allowSession' },
    ...(question.alwaysRule !== undefined
      ? [
          {
            label: `Yes, and don't ask again for ${question.alwaysRule}`,
            decision: 'allowAlways' as const,
          },
        ]
      : []),
    { label: 'Deny', decision: 'deny' },
  ];
}

/** Rows of the prompt around the change and the choices: title, call, reason, one spare. */
const FRAME_ROWS = 4;

function inputSummary(question: PermissionQuestion): string {
  return terminalText(question.compactParams ?? question.input);
}

/** The change an Edit or Write asks to make, at most `rows` lines (the last says what is left). */
function changeLines(question: PermissionQuestion, width: number, rows: number): string[] {
  const lines = fileChangeLines(question.toolName, question.input);
  if (lines === undefined || rows <= 0) return [];
  const fit = (line: string) => truncateAnsiLine(`    ${line}`, width);
  if (lines.length <= rows) return lines.map(fit);
  const shown = Math.max(0, rows - 1);
  const more = lines.length - shown;
  return [
    ...lines.slice(0, shown).map(fit),
    paint(`    … ${more} more line${more === 1 ? '' : 's'} (Ctrl+O shows all)`, { dim: true }),
  ];
}

/** Rows the prompt takes at most for `question`; the App keeps them free. */
export function permissionPromptRows(
  question: PermissionQuestion,
  width: number,
  changeRows: number,
): number {
  return (
    FRAME_ROWS +
    permissionChoices(question).length +
    changeLines(question, width, changeRows).length
  );
}

export function permissionPromptLines(
  question: PermissionQuestion,
  choice: number,
  denyReason: string | undefined,
  width: number,
  changeRows: number,
): string[] {
  const title = paint('Permission needed', { bold: true, color: 'yellow' });
  const call = `  ${paint(question.toolName, { bold: true })} ${inputSummary(question).replace(/\s+/g, ' ')}`;
  const lines = [
    title,
    truncateAnsiLine(call, width),
    ...changeLines(question, width, changeRows),
    truncateAnsiLine(paint(`  ${terminalText(question.reason)}`, { dim: true }), width),
  ];
  if (denyReason !== undefined) {
    lines.push('  Why not? Optional — Enter denies, Esc goes back.');
    lines.push(`  ${paint('>', { bold: true })} ${denyReason}${paint(' ', { inverse: true })}`);
    return lines;
  }
  permissionChoices(question).forEach(({ label }, index) => {
    const line = `${index === choice ? paint('❯', { color: 'cyan' }) : ' '} ${index + 1}. ${terminalText(label)}`;
    lines.push(
      truncateAnsiLine(`  ${index === choice ? paint(line, { bold: true }) : line}`, width),
    );
  });
  return lines;
}
