// A `!command` the user ran: like a tool — the command, the live output tail, the exit code.

import type { BangBlock } from '@wave-agent/shared-protocol';
import { paint } from './ansi.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { lastLines, lineCount } from './text-tail.js';
import { RUNNING_TAIL_LINES, outputLines, sandboxTag } from './tool-lines.js';

function exitLabel(block: BangBlock): string {
  if (block.stage === 'running') return '';
  if (block.exitCode === null) return paint(' (killed)', { color: 'red' });
  if (block.exitCode === undefined || block.exitCode === 0) return '';
  return paint(` (exit ${block.exitCode})`, { color: 'red' });
}

function glyph(block: BangBlock): string {
  if (block.stage === 'running') return paint('⟳', { color: 'yellow' });
  return block.exitCode === 0 || block.exitCode === undefined
    ? paint('✓', { color: 'green' })
    : paint('✗', { color: 'red' });
}

export function bangLines(block: BangBlock, width: number, expanded: boolean): string[] {
  const header = truncateAnsiLine(
    `${glyph(block)} ${paint('!', { bold: true, color: 'magenta' })}${sandboxTag(block.sandboxed)} ${block.command}${exitLabel(block)}`,
    width,
  );
  if (expanded) {
    const body = block.output
      .replace(/\n$/, '')
      .split('\n')
      .flatMap((line) => hardWrapAnsiLine(line, width - 4));
    return block.output === '' ? [header] : [header, ...body.map((line) => `    ${line}`)];
  }
  const tail = lastLines(block.output, RUNNING_TAIL_LINES);
  // Counting every line is paid once, at the end, not on each chunk of a running command.
  const hidden = block.stage === 'end' ? lineCount(block.output) - tail.length : 0;
  const more =
    hidden > 0 ? [paint(`    … ${hidden} earlier lines (Ctrl+O shows all)`, { dim: true })] : [];
  return [header, ...more, ...outputLines(tail, width)];
}
