// /sandbox: whether the session's commands run in the sandbox and what it lets them reach, or
// why it cannot run and the fix (session state, so it updates while the dialog is open).
import { sandboxSummary } from '@wave-agent/shared-protocol';
import type { SandboxStatus } from '@wave-agent/shared-protocol';
import { ModalDialog } from './ModalDialog.js';

export function SandboxDialog({
  status,
  onClose,
}: {
  readonly status: SandboxStatus | undefined;
  readonly onClose: () => void;
}) {
  const { headline, details } = sandboxSummary(status);
  return (
    <ModalDialog title="Sandbox" onCancel={onClose} className="sandbox-dialog">
      <p data-sandbox-state={status?.state ?? 'off'}>{headline}</p>
      <ul aria-label="What the sandbox lets commands reach">
        {details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="dialog-buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
