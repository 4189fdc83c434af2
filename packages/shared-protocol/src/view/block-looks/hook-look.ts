// A hook run: one line saying what it did (hookRunSummary), quiet when it ran fine, a warning
// when it blocked, failed or was ended; opened, its command, where it comes from, its output and
// what the model was told.
import type { HookRun } from '../../messages.js';
import type { BlockLook } from '../block-view.js';
import { hookRunSummary } from '../hook-run-summary.js';
import type { ViewPart } from '../view-parts.js';

function part(label: string, text: string | undefined): ViewPart[] {
  return text === undefined || text === '' ? [] : [{ kind: 'text', label, text }];
}

export const hookRunLook: BlockLook<HookRun> = (run) => {
  const quiet = run.outcome === undefined || run.outcome === 'ok';
  const summary = hookRunSummary(run);
  return {
    shape: 'note',
    name: 'Hook',
    tag: 'hook',
    icon: run.stage === 'running' ? 'running' : quiet ? 'hook' : 'warning',
    tone: quiet ? 'muted' : 'warning',
    title: summary,
    live: run.stage === 'running',
    body: [
      { kind: 'code', label: 'command', text: run.command, language: 'shell' },
      ...part('from', run.source),
      ...(run.output ? [{ kind: 'code', label: 'output', text: run.output } as const] : []),
      ...part('told the model', run.toModel),
    ],
    tags: { 'hook-event': run.event, outcome: run.outcome ?? 'running' },
  };
};
