// The work around the conversation, under it: the model's task list while any of it is left to
// do, and a line while commands run in the background (its button opens /tasks).
import type { BackgroundTask, TodoItem } from '@wave-agent/shared-protocol';
import { runningSummary } from './background-task-text.js';
import { TaskList } from './TaskList.js';

export function WorkPanel({
  todos,
  backgroundTasks,
  onShowTasks,
}: {
  readonly todos: readonly TodoItem[];
  readonly backgroundTasks: readonly BackgroundTask[];
  readonly onShowTasks: () => void;
}) {
  const running = runningSummary(backgroundTasks);
  return (
    <>
      <TaskList todos={todos} />
      {running ? (
        <p className="background-line">
          {running}{' '}
          <button type="button" className="link-button" onClick={onShowTasks}>
            Show them
          </button>
        </p>
      ) : null}
    </>
  );
}
