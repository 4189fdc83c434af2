// Records of the work around the conversation that the model keeps track of: the task list
// (TodoWrite) and commands left running in the background (Bash with run_in_background). Both
// are session state, so every host shows the same list.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export const TodoStatusSchema = lazySchema(() => z.enum(TODO_STATUSES));

/** One item of the task list, in Claude Code's TodoWrite shape. */
export const TodoItemSchema = lazySchema(() =>
  z.object({
    /** What to do, imperative ("Run the tests"). */
    content: z.string(),
    status: TodoStatusSchema,
    /** The same, as what is happening ("Running the tests"): shown while it is in progress. */
    activeForm: z.string(),
  }),
);

export const TodoListSchema = lazySchema(() => z.array(TodoItemSchema).readonly());

export type TodoStatus = z.output<typeof TodoStatusSchema>;
export type TodoItem = z.output<typeof TodoItemSchema>;

export const BACKGROUND_TASK_STATUSES = ['running', 'completed', 'failed', 'killed'] as const;
export const BackgroundTaskStatusSchema = lazySchema(() => z.enum(BACKGROUND_TASK_STATUSES));
export type BackgroundTaskStatus = z.output<typeof BackgroundTaskStatusSchema>;

/** How much of a background command's latest output the session state keeps (characters). */
export const BACKGROUND_TAIL_CHARS = 2000;

/** A command started with `run_in_background`, as every host lists it (/tasks). */
export const BackgroundTaskSchema = lazySchema(() =>
  z.object({
    /** What BashOutput and KillBash name. */
    id: z.string(),
    command: z.string(),
    description: z.string().optional(),
    status: BackgroundTaskStatusSchema,
    /** Set when it ended; null when a signal ended it. */
    exitCode: z.number().nullable().optional(),
    /** Characters of output so far. */
    outputSize: z.number(),
    /** The last `BACKGROUND_TAIL_CHARS` characters of output received while this process watched. */
    tail: z.string(),
    /** Where all of its output is kept (under $WAVE_HOME). */
    outputPath: z.string(),
    /** Epoch ms. */
    startedAt: z.number(),
    endedAt: z.number().optional(),
    /** Why it ended, as a sentence, when Wave stopped it (KillBash, the session ended). */
    reason: z.string().optional(),
  }),
);

export type BackgroundTask = z.output<typeof BackgroundTaskSchema>;
export const BackgroundTaskListSchema = lazySchema(() => z.array(BackgroundTaskSchema).readonly());
