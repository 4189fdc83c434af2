// /tasks: the commands the model started in the background, from the session state every host
// shares: id, status (exit code once ended), how much output, the command, and its latest line.

import type { BackgroundTask } from '@wave-agent/shared-protocol';
import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import { shortCount } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const NO_TASKS = 'No background commands in this session.';

function statusOf(task: BackgroundTask): string {
  if (task.status === 'running') return 'running';
  const code = task.exitCode === null ? 'no exit code' : `exit ${task.exitCode ?? '?'}`;
  return `${task.status} (${code})`;
}

function lastLine(tail: string): string | undefined {
  const line = tail.replace(/\s+$/, '').split('\n').at(-1)?.trim();
  return line ? line : undefined;
}

export function tasksText(tasks: readonly BackgroundTask[]): string {
  if (tasks.length === 0) return NO_TASKS;
  const lines = ['Background commands:'];
  for (const task of tasks) {
    const size = `${shortCount(task.outputSize)} chars`;
    lines.push(`  ${task.id}  ${statusOf(task)} · ${size} · ${task.description ?? task.command}`);
    if (task.description !== undefined) lines.push(`      $ ${task.command}`);
    const latest = lastLine(task.tail);
    if (latest !== undefined && task.status === 'running') lines.push(`      ${latest}`);
    if (task.reason !== undefined) lines.push(`      ${task.reason}`);
  }
  lines.push(`Output files: ${tasks.at(-1)?.outputPath.replace(/[^/]+$/, '') ?? ''}`);
  return lines.join('\n');
}

export const tasksCommand: SlashCommand = {
  ...SLASH_COMMANDS.tasks,
  run: (context) => context.print(tasksText(context.session.getSnapshot().backgroundTasks)),
};
