import { describe, expect, it } from 'vitest';
import type { UserQuestion } from '@wave-agent/shared-protocol';
import type { PickerKey, PickerState, PickerStep } from './question-picker-state.js';
import { initialPickerState, pickerStep } from './question-picker-state.js';

const choices: UserQuestion = {
  requestId: 'q',
  toolCallId: 'c',
  requestedAt: 0,
  ask: {
    kind: 'choices',
    questions: [
      {
        question: 'Which database?',
        header: 'Database',
        multiSelect: false,
        options: [
          { label: 'SQLite', description: '' },
          { label: 'Postgres', description: '' },
        ],
      },
      {
        question: 'Which checks?',
        header: 'Checks',
        multiSelect: true,
        options: [
          { label: 'Lint', description: '' },
          { label: 'Types', description: '' },
          { label: 'Tests', description: '' },
        ],
      },
    ],
  },
};

const plan: UserQuestion = {
  requestId: 'p',
  toolCallId: 'c',
  requestedAt: 0,
  ask: { kind: 'plan', plan: '# Plan' },
};

/** The keys in order; the answer they end in (or the last state). */
function press(asked: UserQuestion, keys: readonly PickerKey[]): PickerStep {
  let state: PickerState = initialPickerState(asked);
  let step: PickerStep = { kind: 'state', state };
  for (const key of keys) {
    step = pickerStep(asked, state, key);
    if (step.kind === 'answer') return step;
    state = step.state;
  }
  return step;
}

const key = (input: string): PickerKey => ({ input });
const DOWN: PickerKey = { input: '', down: true };
const ENTER: PickerKey = { input: '', enter: true };
const ESC: PickerKey = { input: '', escape: true };

describe("the terminal's question picker", () => {
  it('picks one choice by number, several with Space, and confirms with Enter', () => {
    expect(press(choices, [key('2'), key(' '), DOWN, DOWN, key(' '), ENTER])).toEqual({
      kind: 'answer',
      answer: { kind: 'choices', answers: [['Postgres'], ['Lint', 'Tests']] },
    });
  });

  it('takes an answer typed by the user, with backspace', () => {
    expect(
      press(choices, [
        key('f'),
        key('x'),
        { input: '', backspace: true },
        key('iles'),
        ENTER,
        key('3'),
        ENTER,
      ]),
    ).toEqual({
      kind: 'answer',
      answer: { kind: 'choices', answers: [['files'], ['Tests']] },
    });
  });

  it('a digit that names no choice is typed (a number for an MCP form, say)', () => {
    expect(press(choices, [key('7'), key('5'), ENTER])).toMatchObject({
      kind: 'state',
      state: { question: 1, answers: [['75']] },
    });
  });

  it('Esc declines; Enter on an empty typed answer does nothing', () => {
    expect(press(choices, [ESC])).toEqual({ kind: 'answer', answer: { kind: 'declined' } });
    const step = press(choices, [DOWN, DOWN, ENTER]);
    expect(step).toMatchObject({ kind: 'state', state: { question: 0, cursor: 2 } });
  });

  it('a plan: approve by number, or keep planning with a typed note', () => {
    expect(press(plan, [key('2')])).toEqual({
      kind: 'answer',
      answer: { kind: 'plan', decision: 'approveDefault' },
    });
    expect(press(plan, [key('more tests'), ENTER])).toEqual({
      kind: 'answer',
      answer: { kind: 'plan', decision: 'keepPlanning', note: 'more tests' },
    });
    expect(press(plan, [ESC])).toEqual({
      kind: 'answer',
      answer: { kind: 'plan', decision: 'keepPlanning' },
    });
  });
});
