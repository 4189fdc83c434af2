// How the background-task events change the list of tasks: a task is added once, its output
// only grows its size and a bounded tail (the whole output lives in its file), and its end sets
// the authoritative figures.

import type { EventOf } from '../events.js';
import type { BackgroundTask } from '../rpc/work-records.js';
import { BACKGROUND_TAIL_CHARS } from '../rpc/work-records.js';

type Tasks = readonly BackgroundTask[];

function withTask(tasks: Tasks, taskId: string, update: (task: BackgroundTask) => BackgroundTask) {
  const index = tasks.findIndex((task) => task.id === taskId);
  const current = tasks[index];
  if (current === undefined) return tasks;
  const next = update(current);
  return next === current ? tasks : tasks.with(index, next);
}

export function tasksAfterStart(tasks: Tasks, event: EventOf<'backgroundTaskStarted'>): Tasks {
  if (tasks.some((task) => task.id === event.taskId)) return tasks;
  const task: BackgroundTask = {
    id: event.taskId,
    command: event.command,
    ...(event.description !== undefined ? { description: event.description } : {}),
    status: 'running',
    outputSize: 0,
    tail: '',
    outputPath: event.outputPath,
    startedAt: event.startedAt,
  };
  return [...tasks, task];
}

export function tasksAfterOutput(tasks: Tasks, event: EventOf<'backgroundTaskOutput'>): Tasks {
  if (event.chunk === '') return tasks;
  return withTask(tasks, event.taskId, (task) =>
    task.status !== 'running'
      ? task
      : {
          ...task,
          outputSize: task.outputSize + event.chunk.length,
          tail: (task.tail + event.chunk).slice(-BACKGROUND_TAIL_CHARS),
        },
  );
}

export function tasksAfterEnd(tasks: Tasks, event: EventOf<'backgroundTaskEnded'>): Tasks {
  return withTask(tasks, event.taskId, (task) =>
    task.status !== 'running'
      ? task
      : {
          ...task,
          status: event.status,
          exitCode: event.exitCode,
          outputSize: event.outputSize,
          endedAt: event.endedAt,
          ...(event.reason !== undefined ? { reason: event.reason } : {}),
        },
  );
}
