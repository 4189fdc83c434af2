// The model's task list (TodoWrite) under the conversation, while any of it is left to do: done
// items struck through, the one in progress bold with what it is doing, the rest waiting. Long
// lists keep the item in progress in view and count what they leave out.

import type { TodoItem } from '@wave-agent/shared-protocol';
import { paint } from '../render/ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';

/** Items listed at most; the rest are counted. */
export const TODO_LINES_SHOWN = 8;

function itemLine(todo: TodoItem): string {
  switch (todo.status) {
    case 'completed':
      return paint(`☒ ${paint(terminalText(todo.content), { strikethrough: true })}`, {
        dim: true,
      });
    case 'in_progress':
      return paint(`◐ ${terminalText(todo.activeForm)}`, { bold: true, color: 'cyan' });
    case 'pending':
      return `☐ ${terminalText(todo.content)}`;
  }
}

/** The item being worked on, if any (its activeForm goes into the status line). */
export function activeTodo(todos: readonly TodoItem[]): TodoItem | undefined {
  return todos.find((todo) => todo.status === 'in_progress');
}

export function todoLines(todos: readonly TodoItem[], width: number): string[] {
  if (todos.every((todo) => todo.status === 'completed')) return [];
  const active = todos.findIndex((todo) => todo.status === 'in_progress');
  const first = Math.max(
    0,
    Math.min(active - Math.floor(TODO_LINES_SHOWN / 2), todos.length - TODO_LINES_SHOWN),
  );
  const shown = todos.slice(first, first + TODO_LINES_SHOWN);
  const done = todos.filter((todo) => todo.status === 'completed').length;
  const lines = [paint(`Tasks ${done}/${todos.length} done`, { dim: true })];
  if (first > 0) lines.push(paint(`  … ${first} before`, { dim: true }));
  lines.push(...shown.map((todo) => `  ${itemLine(todo)}`));
  const after = todos.length - first - shown.length;
  if (after > 0) lines.push(paint(`  … ${after} more`, { dim: true }));
  return lines.map((line) => truncateAnsiLine(line, width));
}
