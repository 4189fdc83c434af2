// /tasks: the commands the model started in the background this session (session state, so
// every view lists the same): each one's status, output size, command and latest output, why
// Wave stopped it, and where all of its output is kept.
import type { BackgroundTask } from '@wave-agent/shared-protocol';
import { latestLine, outputSize, taskStatus } from '../work/background-task-text.js';
import { ModalDialog } from './ModalDialog.js';

export const NO_TASKS = 'No background commands in this session.';

function TaskRow({ task }: { readonly task: BackgroundTask }) {
  const latest = latestLine(task.tail);
  return (
    <li className="background-task" data-status={task.status}>
      <p className="background-task-head">
        <code>{task.id}</code> <span className="background-task-status">{taskStatus(task)}</span> ·{' '}
        {outputSize(task.outputSize)}
        {task.description ? ` · ${task.description}` : ''}
      </p>
      <pre className="tool-command">$ {task.command}</pre>
      {latest !== undefined ? <pre className="background-task-latest">{latest}</pre> : null}
      {task.reason !== undefined ? <p className="block-notice">{task.reason}</p> : null}
      <p className="background-task-file">
        All output: <code>{task.outputPath}</code>
      </p>
    </li>
  );
}

export function TasksDialog({
  tasks,
  onClose,
}: {
  readonly tasks: readonly BackgroundTask[];
  readonly onClose: () => void;
}) {
  return (
    <ModalDialog title="Background commands" onCancel={onClose} className="tasks-dialog">
      {tasks.length === 0 ? <p>{NO_TASKS}</p> : null}
      {tasks.length > 0 ? (
        <ul className="background-tasks" aria-label="Background commands">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      ) : null}
      <div className="dialog-buttons">
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
