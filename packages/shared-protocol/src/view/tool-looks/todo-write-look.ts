// TodoWrite: the task list it sets, as a checklist (done, in progress with its active form, still
// open), instead of "Todos updated" under a JSON array. Items the model sent malformed are left
// out; the session's own task list (session state) is what the task panels show.
import type { ToolLook, ToolInput } from '../tool-look.js';
import { textField } from '../tool-look.js';
import { isRecord } from '../../values/is-record.js';
import type { ViewListItem } from '../view-parts.js';

const MARKS: Readonly<Record<string, ViewListItem['mark']>> = {
  completed: 'done',
  in_progress: 'active',
  pending: 'open',
};

function items(input: ToolInput): ViewListItem[] {
  const todos: readonly unknown[] = Array.isArray(input.todos) ? input.todos : [];
  return todos.flatMap((todo): ViewListItem[] => {
    if (!isRecord(todo)) return [];
    const fields = todo;
    const status = typeof fields.status === 'string' ? fields.status : '';
    const mark = MARKS[status];
    const text =
      (mark === 'active' ? textField(fields, 'activeForm') : undefined) ??
      textField(fields, 'content');
    return text === undefined ? [] : [{ text, ...(mark !== undefined ? { mark } : {}) }];
  });
}

export const todoWriteLook: ToolLook = {
  kind: 'think',
  body: (input) => {
    const list = items(input);
    return list.length === 0 ? [] : [{ kind: 'list', label: 'tasks', items: list }];
  },
  bodyTellsResult: true,
};
