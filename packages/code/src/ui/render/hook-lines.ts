// A hook run for the terminal: one line saying what it did (hookRunSummary), dim when it ran
// fine, yellow when it blocked, failed or was ended; expanded, its output and what the model
// was told. A tool's hooks show the same lines inside its card.

import type { HookRun } from '@wave-agent/shared-protocol';
import { hookRunSummary } from '@wave-agent/shared-protocol';
import { paint } from './ansi.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { terminalText } from '../../terminal/terminal-text.js';

function quiet(run: HookRun): boolean {
  return run.outcome === undefined || run.outcome === 'ok';
}

export function hookLines(given: HookRun, width: number, expanded: boolean, indent = ''): string[] {
  // What a hook printed is a stranger's bytes: no escape sequence reaches the terminal.
  const run: HookRun = {
    ...given,
    command: terminalText(given.command),
    source: terminalText(given.source),
    event: terminalText(given.event),
    ...(given.message !== undefined ? { message: terminalText(given.message) } : {}),
    ...(given.output !== undefined ? { output: terminalText(given.output) } : {}),
    ...(given.toModel !== undefined ? { toModel: terminalText(given.toModel) } : {}),
  };
  const style = quiet(run) ? ({ dim: true } as const) : ({ color: 'yellow' } as const);
  const glyph = run.stage === 'running' ? '⟳' : quiet(run) ? '↪' : '⚠';
  const head = truncateAnsiLine(
    `${indent}${paint(`${glyph} ${hookRunSummary(run)}`, style)}`,
    width,
  );
  if (!expanded) return [head];
  const body = (label: string, text: string | undefined): string[] =>
    text === undefined || text === ''
      ? []
      : [
          paint(`${indent}  ${label}`, { dim: true }),
          ...text
            .split('\n')
            .flatMap((line) => hardWrapAnsiLine(line, Math.max(1, width - indent.length - 4)))
            .map((line) => `${indent}    ${line}`),
        ];
  return [
    head,
    ...body('command', run.command),
    ...body('from', run.source),
    ...body('output', run.output),
    ...body('told the model', run.toModel),
  ];
}

/** A tool card's hook lines, under its header. */
export function toolHookLines(
  hooks: readonly HookRun[] | undefined,
  width: number,
  expanded: boolean,
): string[] {
  return (hooks ?? []).flatMap((run) => hookLines(run, width, expanded, '  '));
}
