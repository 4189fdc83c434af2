// A tool call for the terminal. Collapsed: one header line (glyph per stage, name, a short form
// of the parameters), the live output tail while running, a one-line summary at the end.
// Expanded: the full parameters and the full result.

import type { ToolBlock, ToolStage } from '@wave-agent/shared-protocol';
import type { Color } from './ansi.js';
import { paint } from './ansi.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { fileChangeLines } from './file-change-lines.js';
import { toolHookLines } from './hook-lines.js';
import { lastLines, lineCount } from './text-tail.js';

/** Lines of running output the collapsed view shows; never the whole result. */
export const RUNNING_TAIL_LINES = 5;
const PARAMETERS_TAIL_CHARS = 30;

const STAGE_GLYPHS: Readonly<Record<ToolStage, { readonly glyph: string; readonly color: Color }>> =
  {
    start: { glyph: '○', color: 'gray' },
    streaming: { glyph: '…', color: 'gray' },
    running: { glyph: '⟳', color: 'yellow' },
    end: { glyph: '✓', color: 'green' },
  };

function toolGlyph(block: Pick<ToolBlock, 'stage' | 'error'>): string {
  if (block.stage === 'end' && block.error !== undefined) return paint('✗', { color: 'red' });
  const { glyph, color } = STAGE_GLYPHS[block.stage];
  return paint(glyph, { color });
}

/** The last characters of parameters still arriving, newlines shown as `\n` to stay on one line. */
export function streamingParametersTail(parameters: string): string {
  const tail = parameters
    .slice(-PARAMETERS_TAIL_CHARS)
    .replace(/\r?\n/g, '\\n')
    .replace(/\t/g, ' ');
  return parameters.length > PARAMETERS_TAIL_CHARS ? `…${tail}` : tail;
}

function parametersSummary(block: ToolBlock): string {
  if (block.compactParams !== undefined && block.compactParams !== '') return block.compactParams;
  if (block.stage === 'start' || block.stage === 'streaming')
    return streamingParametersTail(block.parameters);
  return '';
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

function headerLine(block: ToolBlock, width: number): string {
  const summary = parametersSummary(block).replace(/\r?\n/g, ' ');
  // The tag comes before the summary, so a long command cannot push it off the line.
  const header = `${toolGlyph(block)} ${paint(block.name, { bold: true })}${sandboxTag(block.sandboxed)}${summary ? ` ${summary}` : ''}`;
  return truncateAnsiLine(header, width);
}

/** Output lines under a header: "⎿" before the first, aligned after it. */
export function outputLines(lines: readonly string[], width: number, color?: Color): string[] {
  return lines.map((line, index) =>
    truncateAnsiLine(
      `${index === 0 ? '  ⎿ ' : '    '}${paint(line, color ? { color } : { dim: true })}`,
      width,
    ),
  );
}

function endSummary(block: ToolBlock, width: number): string[] {
  if (block.error !== undefined) {
    const [first = ''] = block.error.split('\n');
    const more = lineCount(block.error) - 1;
    return outputLines([`${first}${more > 0 ? ` (+${more} lines)` : ''}`], width, 'red');
  }
  const result = block.result ?? '';
  if (result.trim() === '') return outputLines(['(no output)'], width);
  const first = result.split('\n', 1)[0] ?? '';
  const more = lineCount(result) - 1;
  return outputLines([`${first}${more > 0 ? ` (+${more} lines)` : ''}`], width);
}

function runningTail(block: ToolBlock, width: number): string[] {
  const source = block.shortResult ?? block.result ?? '';
  return outputLines(lastLines(source, RUNNING_TAIL_LINES), width);
}

export function collapsedToolLines(block: ToolBlock, width: number): string[] {
  const header = headerLine(block, width);
  const hooks = toolHookLines(block.hooks, width, false);
  if (block.stage === 'running') return [header, ...hooks, ...runningTail(block, width)];
  if (block.stage === 'end') return [header, ...hooks, ...endSummary(block, width)];
  return [header, ...hooks];
}

function prettyParameters(parameters: string): string {
  try {
    return JSON.stringify(JSON.parse(parameters), null, 2);
  } catch {
    return parameters;
  }
}

function labelled(label: string, text: string, width: number, color?: Color): string[] {
  const body = text.split('\n').flatMap((line) => hardWrapAnsiLine(line, width - 4));
  return [
    paint(`  ${label}`, { dim: true }),
    ...body.map((line) => `    ${color ? paint(line, { color }) : line}`),
  ];
}

export function expandedToolLines(block: ToolBlock, width: number): string[] {
  const lines = [headerLine(block, width)];
  // An Edit's or Write's change as a diff, in full, instead of its parameters as JSON.
  const change = fileChangeLines(block.name, block.parameters);
  if (change !== undefined)
    lines.push(
      paint('  change', { dim: true }),
      ...change.flatMap((line) => hardWrapAnsiLine(line, width - 4)).map((line) => `    ${line}`),
    );
  else if (block.parameters !== '')
    lines.push(...labelled('parameters', prettyParameters(block.parameters), width));
  if (block.result !== undefined && block.result !== '')
    lines.push(...labelled('result', block.result.replace(/\n$/, ''), width));
  if (block.error !== undefined) lines.push(...labelled('error', block.error, width, 'red'));
  lines.push(...toolHookLines(block.hooks, width, true));
  return lines;
}
