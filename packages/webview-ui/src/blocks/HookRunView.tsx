// A tool call's hook runs inside its card, each drawn from its view (shared-protocol's
// hookRunView) like a hook block: a line saying what it did, its output a click away.
import type { HookRun } from '@wave-agent/shared-protocol';
import { hookRunView } from '@wave-agent/shared-protocol';
import { ShapedBlock } from './ShapedBlock.js';

export function HookRunList({ hooks }: { readonly hooks: readonly HookRun[] | undefined }) {
  if (!hooks || hooks.length === 0) return null;
  return (
    <div className="tool-hooks">
      {hooks.map((run) => (
        <ShapedBlock key={run.id} view={hookRunView(run)} />
      ))}
    </div>
  );
}
