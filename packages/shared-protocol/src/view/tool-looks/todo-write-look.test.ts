import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '../../messages.js';
import { toolView } from '../tool-view.js';

const todoWrite = (todos: unknown): ToolBlock => ({
  type: 'tool',
  id: 't1',
  name: 'TodoWrite',
  stage: 'end',
  parameters: JSON.stringify({ todos }),
  result: 'Todos updated',
});

describe("TodoWrite's look", () => {
  it('shows the task list as a checklist, the task in progress by its active form', () => {
    const view = toolView(
      todoWrite([
        { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
        { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
        { content: 'Write the notes', status: 'pending', activeForm: 'Writing the notes' },
      ]),
    );
    expect(view).toMatchObject({ kind: 'think', bodyTellsResult: true });
    expect(view.body).toEqual([
      {
        kind: 'list',
        label: 'tasks',
        items: [
          { text: 'Read the code', mark: 'done' },
          { text: 'Running the tests', mark: 'active' },
          { text: 'Write the notes', mark: 'open' },
        ],
      },
    ]);
  });

  it('leaves out items the model sent malformed, and shows nothing for a list that is not one', () => {
    const view = toolView(
      todoWrite([null, 3, { status: 'pending' }, { content: 'Odd', status: 'x' }]),
    );
    expect(view.body).toEqual([{ kind: 'list', label: 'tasks', items: [{ text: 'Odd' }] }]);
    expect(toolView(todoWrite('not a list')).body).toEqual([]);
  });
});
