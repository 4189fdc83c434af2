// The permission question as lines: what the tool wants to do, why Wave asks, and the choices.

import { paint } from '../render/ansi.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import type { PermissionQuestion } from '@wave-agent/shared-protocol';

export const PERMISSION_CHOICES = ['Allow once', 'Allow for this session', 'Deny'] as const;

/** Rows the prompt takes at most; the App keeps them free. */
export const PERMISSION_PROMPT_ROWS = 7;

function inputSummary(question: PermissionQuestion): string {
  return question.compactParams ?? question.input;
}

export function permissionPromptLines(
  question: PermissionQuestion,
  choice: number,
  denyReason: string | undefined,
  width: number,
): string[] {
  const title = paint('Permission needed', { bold: true, color: 'yellow' });
  const call = `  ${paint(question.toolName, { bold: true })} ${inputSummary(question).replace(/\s+/g, ' ')}`;
  const lines = [
    title,
    truncateAnsiLine(call, width),
    truncateAnsiLine(paint(`  ${question.reason}`, { dim: true }), width),
  ];
  if (denyReason !== undefined) {
    lines.push('  Why not? Optional — Enter denies, Esc goes back.');
    lines.push(`  ${paint('>', { bold: true })} ${denyReason}${paint(' ', { inverse: true })}`);
    return lines;
  }
  PERMISSION_CHOICES.forEach((label, index) => {
    const text = index === 1 ? `Allow ${question.toolName} for this session` : label;
    const line = `${index === choice ? paint('❯', { color: 'cyan' }) : ' '} ${index + 1}. ${text}`;
    lines.push(`  ${index === choice ? paint(line, { bold: true }) : line}`);
  });
  return lines;
}
