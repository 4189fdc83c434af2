// A Task call's subagent in the terminal. Collapsed, while it works: what it does now (its
// current tool) and the last lines it wrote; when done, how much it did — its report goes to
// the parent model, and Ctrl+O shows the whole transcript. Expanded: the transcript, indented
// under the card, each block as the conversation shows it.

import type { Block, Message, Role, ToolBlock } from '@wave-agent/shared-protocol';
import { paint } from './ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { lastLines } from './text-tail.js';

/** Lines of the subagent's latest writing the collapsed card shows. */
export const SUBAGENT_TAIL_LINES = 3;
const TAIL_CHARS = 600;
const INDENT = '    ';

function blocksOf(thread: readonly Message[]): Block[] {
  return thread.filter((message) => message.role === 'assistant').flatMap((m) => m.blocks);
}

function toolUses(thread: readonly Message[]): number {
  return blocksOf(thread).filter((block) => block.type === 'tool').length;
}

/** What the subagent is doing now: its running tool, and the end of what it last wrote. */
export function subagentActivityLines(thread: readonly Message[], width: number): string[] {
  const blocks = blocksOf(thread);
  const lines: string[] = [];
  const current = blocks.findLast((block): block is ToolBlock => block.type === 'tool');
  if (current !== undefined && current.stage !== 'end') {
    lines.push(
      truncateAnsiLine(
        `${INDENT}${paint('⟳', { color: 'yellow' })} ${paint(terminalText(current.name), { bold: true })} ${terminalText(current.compactParams ?? '')}`,
        width,
      ),
    );
  }
  const text = blocks.findLast((block) => block.type === 'text' || block.type === 'reasoning');
  if (text !== undefined && (text.type === 'text' || text.type === 'reasoning')) {
    const tail = terminalText(text.content.slice(-TAIL_CHARS));
    const wrapped = lastLines(tail, SUBAGENT_TAIL_LINES).flatMap((line) =>
      hardWrapAnsiLine(line, Math.max(10, width - INDENT.length)),
    );
    for (const line of wrapped.slice(-SUBAGENT_TAIL_LINES))
      lines.push(`${INDENT}${paint(line, { dim: true })}`);
  }
  return lines;
}

/** The card's line once the subagent is done: what it did, and where to read it. */
export function subagentDoneLine(thread: readonly Message[], width: number): string {
  const uses = toolUses(thread);
  const did = `${uses} tool use${uses === 1 ? '' : 's'}`;
  return truncateAnsiLine(
    `  ⎿ ${paint(`Done (${did}) · Ctrl+O shows the transcript`, { dim: true })}`,
    width,
  );
}

/** The whole transcript, each message's blocks rendered by `render`, indented under the card. */
export function subagentTranscriptLines(
  thread: readonly Message[],
  width: number,
  render: (block: Block, role: Role, width: number) => string[],
): string[] {
  const inner = Math.max(10, width - INDENT.length);
  const lines = [paint('  transcript', { dim: true })];
  for (const message of thread)
    for (const block of message.blocks)
      lines.push(...render(block, message.role, inner).map((line) => `${INDENT}${line}`));
  return lines;
}
