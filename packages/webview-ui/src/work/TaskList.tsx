// The model's task list (TodoWrite) under the conversation while any of it is left to do: done
// items struck through, the one in progress with what it is doing (its activeForm), the rest
// waiting. It is session state: every view shows the same list, and a restored session its own.
import type { TodoItem } from '@wave-agent/shared-protocol';
import { memo } from 'react';

const MARK = { completed: '☒', in_progress: '◐', pending: '☐' } as const;
const STATUS_WORDS = { completed: 'done', in_progress: 'in progress', pending: 'to do' } as const;

export const TaskList = memo(function TaskList({ todos }: { readonly todos: readonly TodoItem[] }) {
  if (todos.every((todo) => todo.status === 'completed')) return null;
  const done = todos.filter((todo) => todo.status === 'completed').length;
  return (
    <section className="task-list" aria-label="Task list">
      <h2 className="task-list-title">
        Tasks {done}/{todos.length} done
      </h2>
      <ol>
        {todos.map((todo, index) => (
          <li key={index} className={`todo todo-${todo.status}`}>
            <span className="todo-mark" aria-hidden="true">
              {MARK[todo.status]}
            </span>{' '}
            {todo.status === 'in_progress' ? todo.activeForm : todo.content}
            <span className="visually-hidden"> ({STATUS_WORDS[todo.status]})</span>
          </li>
        ))}
      </ol>
    </section>
  );
});
