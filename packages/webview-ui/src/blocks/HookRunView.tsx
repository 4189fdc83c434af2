// A hook run in the chat UI: one line saying what it did (hookRunSummary, as every UI says it),
// its output and what the model was told one click away. A tool's hooks show inside its card.
import type { HookRun } from '@wave-agent/shared-protocol';
import { hookRunSummary } from '@wave-agent/shared-protocol';
import { memo } from 'react';

function level(run: HookRun): 'info' | 'warning' {
  return run.outcome === undefined || run.outcome === 'ok' ? 'info' : 'warning';
}

export const HookRunView = memo(function HookRunView({ run }: { readonly run: HookRun }) {
  const details = run.output || run.toModel;
  return (
    <details
      className={`hook-run notice-${level(run)}`}
      data-hook-event={run.event}
      data-outcome={run.outcome ?? 'running'}
    >
      <summary>{hookRunSummary(run)}</summary>
      <p className="hook-source">
        <code>{run.command}</code> from {run.source}
      </p>
      {details ? (
        <>
          {run.output ? <pre className="hook-output">{run.output}</pre> : null}
          {run.toModel ? <pre className="hook-to-model">{run.toModel}</pre> : null}
        </>
      ) : null}
    </details>
  );
});

export function HookRunList({ hooks }: { readonly hooks: readonly HookRun[] | undefined }) {
  if (!hooks || hooks.length === 0) return null;
  return (
    <div className="tool-hooks">
      {hooks.map((run) => (
        <HookRunView key={run.id} run={run} />
      ))}
    </div>
  );
}
