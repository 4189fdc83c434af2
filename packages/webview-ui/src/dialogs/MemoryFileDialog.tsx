// `# line` in the prompt asks which memory file gets the line: the project's (this folder's
// AGENTS.md, or its CLAUDE.md) or the user's own ($WAVE_HOME/AGENTS.md). Escape cancels.
import type { ContextScope } from '@wave-agent/shared-protocol';
import { ModalDialog } from './ModalDialog.js';

export function MemoryFileDialog({
  line,
  onChoose,
}: {
  /** The line to be added, shown so the user sees what goes where. */
  readonly line: string;
  /** The file picked, or undefined when cancelled. */
  readonly onChoose: (scope: ContextScope | undefined) => void;
}) {
  return (
    <ModalDialog
      title="Add this line to which memory file?"
      onCancel={() => onChoose(undefined)}
      className="memory-dialog"
    >
      <pre className="memory-line">{line}</pre>
      <div className="dialog-buttons">
        <button type="button" className="primary" onClick={() => onChoose('project')}>
          Project memory
        </button>
        <button type="button" onClick={() => onChoose('user')}>
          Your memory
        </button>
        <button type="button" onClick={() => onChoose(undefined)}>
          Cancel
        </button>
      </div>
      <p className="memory-dialog-hint">
        Project: this folder’s AGENTS.md (or its CLAUDE.md). Yours: $WAVE_HOME/AGENTS.md, read in
        every project.
      </p>
    </ModalDialog>
  );
}
