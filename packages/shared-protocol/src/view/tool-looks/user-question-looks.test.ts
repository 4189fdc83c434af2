import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '../../messages.js';
import { toolView } from '../tool-view.js';

const block = (name: string, input: unknown, result?: string): ToolBlock => ({
  type: 'tool',
  id: 't1',
  name,
  stage: 'end',
  parameters: JSON.stringify(input),
  ...(result !== undefined ? { result } : {}),
});

describe("AskUserQuestion's look", () => {
  it('shows each question under its header with its choices, and says when several may be picked', () => {
    const view = toolView(
      block('AskUserQuestion', {
        questions: [
          {
            question: 'Which database?',
            header: 'Database',
            multiSelect: false,
            options: [
              { label: 'SQLite', description: 'One file' },
              { label: 'Postgres', description: 'A server' },
            ],
          },
          {
            question: 'Which checks?',
            header: 'Checks',
            multiSelect: true,
            options: [
              { label: 'Lint', description: '' },
              { label: 'Types', description: 'tsc' },
            ],
          },
        ],
      }),
    );
    expect(view.name).toBe('Question');
    expect(view.body).toEqual([
      {
        kind: 'list',
        label: 'Database · Which database?',
        items: [{ text: 'SQLite: One file' }, { text: 'Postgres: A server' }],
      },
      {
        kind: 'list',
        label: 'Checks · Which checks? (any of)',
        items: [{ text: 'Lint' }, { text: 'Types: tsc' }],
      },
    ]);
  });

  it('leaves out what the model sent malformed', () => {
    const view = toolView(block('AskUserQuestion', { questions: [null, { header: 'x' }, 3] }));
    expect(view.body).toEqual([]);
  });
});

describe("ExitPlanMode's look", () => {
  it('shows a plan given as input as Markdown', () => {
    const view = toolView(block('ExitPlanMode', { plan: '# Plan\n1. Do it' }));
    expect(view).toMatchObject({ name: 'Plan', kind: 'think' });
    expect(view.body).toEqual([{ kind: 'markdown', label: 'plan', text: '# Plan\n1. Do it' }]);
  });

  it("shows the plan read from its file once the approval's result carries it", () => {
    const result =
      'User has approved your plan. You can now start coding.\n\n## Approved Plan:\n# Steps\n- one';
    const view = toolView(block('ExitPlanMode', {}, result));
    expect(view.body).toEqual([{ kind: 'markdown', label: 'plan', text: '# Steps\n- one' }]);
  });

  it('shows no body while no plan is known', () => {
    expect(toolView(block('ExitPlanMode', {}, 'The user wants to keep planning.')).body).toEqual(
      [],
    );
  });
});
