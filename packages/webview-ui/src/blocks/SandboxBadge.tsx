// Where a command ran, on its card, when the sandbox is on: "sandboxed", or "outside the
// sandbox" (the user agreed to it). Nothing for other tools or with the sandbox off.
import { memo } from 'react';

export const SandboxBadge = memo(function SandboxBadge({
  sandboxed,
}: {
  readonly sandboxed: boolean | undefined;
}) {
  if (sandboxed === undefined) return null;
  return (
    <span
      className="sandbox-badge"
      data-sandboxed={sandboxed ? 'yes' : 'no'}
      title={
        sandboxed
          ? 'Ran in the sandbox: it could write only the work folder, and not read credentials'
          : 'Ran outside the sandbox, as you agreed'
      }
    >
      {sandboxed ? 'sandboxed' : 'outside the sandbox'}
    </span>
  );
});
