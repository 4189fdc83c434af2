import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { BACKGROUND_TAIL_CHARS } from '../rpc/work-records.js';
import { reduceSessionFrozen } from '../test-support/frozen-session.js';
import { applySessionEvent } from './session-reducer.js';

const reduce = reduceSessionFrozen;

const started = (taskId: string): AgentEvent => ({
  type: 'backgroundTaskStarted',
  taskId,
  command: 'npm run dev',
  outputPath: `/w/tasks/${taskId}.log`,
  startedAt: 10,
});

describe('the task list in the session', () => {
  it('is replaced by each list the model writes', () => {
    const first = reduce([
      {
        type: 'todosChanged',
        todos: [{ content: 'Run tests', status: 'in_progress', activeForm: 'Running tests' }],
      },
    ]);
    expect(first.todos).toHaveLength(1);
    const second = reduce(
      [
        {
          type: 'todosChanged',
          todos: [
            { content: 'Run tests', status: 'completed', activeForm: 'Running tests' },
            { content: 'Fix it', status: 'in_progress', activeForm: 'Fixing it' },
          ],
        },
      ],
      first,
    );
    expect(second.todos.map((todo) => todo.status)).toStrictEqual(['completed', 'in_progress']);
    expect(second.backgroundTasks).toBe(first.backgroundTasks);
  });
});

describe('background tasks in the session', () => {
  it('grow by output deltas, keep a bounded tail, and take the end as authoritative', () => {
    const long = 'x'.repeat(BACKGROUND_TAIL_CHARS);
    const state = reduce([
      started('b1'),
      { type: 'backgroundTaskOutput', taskId: 'b1', chunk: 'hello\n' },
      { type: 'backgroundTaskOutput', taskId: 'b1', chunk: long },
      { type: 'backgroundTaskOutput', taskId: 'b1', chunk: 'end' },
    ]);
    const task = state.backgroundTasks[0];
    expect(task?.status).toBe('running');
    expect(task?.outputSize).toBe(6 + BACKGROUND_TAIL_CHARS + 3);
    expect(task?.tail).toHaveLength(BACKGROUND_TAIL_CHARS);
    expect(task?.tail.endsWith('xend')).toBe(true);

    const ended = reduce(
      [
        {
          type: 'backgroundTaskEnded',
          taskId: 'b1',
          status: 'killed',
          exitCode: null,
          outputSize: 9000,
          endedAt: 20,
          reason: 'TaskStop stopped it.',
        },
        { type: 'backgroundTaskOutput', taskId: 'b1', chunk: 'late' },
      ],
      state,
    );
    expect(ended.backgroundTasks[0]).toMatchObject({
      status: 'killed',
      exitCode: null,
      outputSize: 9000,
      endedAt: 20,
      reason: 'TaskStop stopped it.',
    });
  });

  it('adds a task once and ignores events for a task it does not have', () => {
    const state = reduce([started('b1'), started('b1')]);
    expect(state.backgroundTasks).toHaveLength(1);
    expect(
      applySessionEvent(state, { type: 'backgroundTaskOutput', taskId: 'nope', chunk: 'x' }),
    ).toBe(state);
    expect(
      applySessionEvent(state, { type: 'backgroundTaskOutput', taskId: 'b1', chunk: '' }),
    ).toBe(state);
  });
});
