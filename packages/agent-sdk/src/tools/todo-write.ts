// TodoWrite: the model keeps a task list for work of several steps, in Claude Code's shape. The
// whole list replaces the previous one and becomes session state that every host shows live.
import { TODO_STATUSES } from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { defineTool } from './define-tool.js';

const MAX_TODOS = 100;
const MAX_TEXT = 500;

const todoSchema = z.object({
  content: z
    .string()
    .min(1)
    .max(MAX_TEXT)
    .describe('What to do, in the imperative ("Run the tests").'),
  status: z.enum(TODO_STATUSES).describe('pending, in_progress (one at a time) or completed.'),
  activeForm: z
    .string()
    .min(1)
    .max(MAX_TEXT)
    .describe('The same task as it is being done ("Running the tests"), shown while in progress.'),
});

const inputSchema = z.object({
  todos: z.array(todoSchema).max(MAX_TODOS).describe('The whole updated task list, in order.'),
});

export type TodoWriteInput = z.infer<typeof inputSchema>;

export const todoWriteTool = defineTool<TodoWriteInput>({
  name: 'TodoWrite',
  description: [
    'Creates and updates a task list for the current piece of work; the user sees it live.',
    'Use it for work of three or more steps, or when the user gives several things to do. Skip it for a single simple step.',
    'Send the whole list every time. Mark a task in_progress before starting it (one at a time) and completed as soon as it is done; add tasks you discover.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  compact(input) {
    if (input.todos === undefined) return undefined;
    const done = input.todos.filter((todo) => todo.status === 'completed').length;
    return `${input.todos.length} task${input.todos.length === 1 ? '' : 's'}, ${done} done`;
  },
  execute(input, context) {
    if (!context.session) {
      return Promise.resolve({
        isError: true,
        output: 'TodoWrite is not available here; carry on without a task list.',
      });
    }
    context.session.setTodos(input.todos);
    return Promise.resolve({
      output:
        'The task list was updated. Keep it current: mark each task in_progress when you start it and completed as soon as it is done.',
    });
  },
});
