// A tool call for the terminal, drawn from its look (shared-protocol's toolView), never by its
// name. Collapsed: one header line (glyph per status, name, the subject), the live output tail
// while running, the one-line summary at the end. Expanded: the body's parts (a diff, a command,
// key values…; the raw parameters when the look has none) and the full result.

import type { ToolBlock, ToolStatus, ToolView } from '@wave-agent/shared-protocol';
import { toolView } from '@wave-agent/shared-protocol';
import type { Color } from './ansi.js';
import { paint } from './ansi.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { outputLines, RUNNING_TAIL_LINES, sandboxTag, toolHookLines } from './block-view-lines.js';
import { lastLines } from './text-tail.js';
import { viewPartLines } from './view-part-lines.js';

const PARAMETERS_TAIL_CHARS = 30;

const STATUS_GLYPHS: Readonly<
  Record<ToolStatus, { readonly glyph: string; readonly color: Color }>
> = {
  pending: { glyph: '○', color: 'gray' },
  streaming: { glyph: '…', color: 'gray' },
  running: { glyph: '⟳', color: 'yellow' },
  done: { glyph: '✓', color: 'green' },
  failed: { glyph: '✗', color: 'red' },
};

function toolGlyph(status: ToolStatus): string {
  const { glyph, color } = STATUS_GLYPHS[status];
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

function subject(view: ToolView): string {
  return view.subject !== '' ? view.subject : streamingParametersTail(view.streamingInput);
}

function headerLine(view: ToolView, width: number): string {
  const summary = subject(view).replace(/\r?\n/g, ' ');
  // The tag comes before the summary, so a long command cannot push it off the line.
  const header = `${toolGlyph(view.status)} ${paint(view.name, { bold: true })}${sandboxTag(view.sandboxed)}${summary ? ` ${summary}` : ''}`;
  return truncateAnsiLine(header, width);
}

/** Why it ran without a question, dim under the header: asking less is shown, not hidden. */
function unaskedLines(view: ToolView, width: number): string[] {
  return view.unasked === ''
    ? []
    : [truncateAnsiLine(paint(`  ${view.unasked}`, { dim: true }), width)];
}

function endSummary(view: ToolView, width: number): string[] {
  return outputLines([view.summary], width, view.error !== undefined ? 'red' : undefined);
}

function runningTail(view: ToolView, width: number): string[] {
  return outputLines(lastLines(view.liveOutput, RUNNING_TAIL_LINES), width);
}

export function collapsedToolLines(block: ToolBlock, width: number): string[] {
  const view = toolView(block);
  const header = [headerLine(view, width), ...unaskedLines(view, width)];
  const hooks = toolHookLines(block.hooks, width, false);
  if (view.status === 'running') return [...header, ...hooks, ...runningTail(view, width)];
  if (view.status === 'done' || view.status === 'failed')
    return [...header, ...hooks, ...endSummary(view, width)];
  return [...header, ...hooks];
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
  const view = toolView(block);
  const lines = [headerLine(view, width), ...unaskedLines(view, width)];
  // What the call does, as its look says it (an Edit's diff, a command); a look with nothing to
  // say leaves the parameters as JSON.
  if (view.body.length > 0) lines.push(...view.body.flatMap((part) => viewPartLines(part, width)));
  else if (block.parameters !== '')
    lines.push(...labelled('parameters', prettyParameters(block.parameters), width));
  if (view.result !== undefined && view.result !== '')
    lines.push(...labelled('result', view.result.replace(/\n$/, ''), width));
  if (view.error !== undefined) lines.push(...labelled('error', view.error, width, 'red'));
  lines.push(...toolHookLines(block.hooks, width, true));
  return lines;
}
