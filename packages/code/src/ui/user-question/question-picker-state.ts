// The terminal's picker for the model's questions, as a pure state machine: a key in, the next
// state (or the answer) out. Choices: one question at a time, ↑/↓ to move, Enter or the
// choice's number to pick (space toggles when several may be picked), and a last row where the
// user types an answer of their own. A plan: approve (two ways) or keep planning with a note.
// Esc declines (the model is told the user did not want to answer).
import { PLAN_CHOICES } from '@wave-agent/shared-protocol';
import type { UserAnswer, UserQuestion } from '@wave-agent/shared-protocol';

export interface PickerKey {
  readonly input: string;
  readonly up?: boolean;
  readonly down?: boolean;
  readonly enter?: boolean;
  readonly escape?: boolean;
  readonly backspace?: boolean;
}

export interface PickerState {
  /** The question shown (choices), 0 for a plan. */
  readonly question: number;
  /** The row under the cursor: a choice, or the last row (type an answer / the note). */
  readonly cursor: number;
  /** Per question, the choices picked so far (indexes), for questions that take several. */
  readonly picked: readonly (readonly number[])[];
  /** Per question, the answer being typed (a plan: the note). */
  readonly typed: readonly string[];
  /** Per question answered, what was answered. */
  readonly answers: readonly (readonly string[])[];
}

export type PickerStep =
  | { readonly kind: 'state'; readonly state: PickerState }
  | { readonly kind: 'answer'; readonly answer: UserAnswer };

export function initialPickerState(asked: UserQuestion): PickerState {
  const count = asked.ask.kind === 'choices' ? asked.ask.questions.length : 1;
  return {
    question: 0,
    cursor: 0,
    picked: Array.from({ length: count }, () => []),
    typed: Array.from({ length: count }, () => ''),
    answers: [],
  };
}

/** How many rows the cursor moves over: the choices and the typing row. */
export function rowCount(asked: UserQuestion, state: PickerState): number {
  if (asked.ask.kind === 'plan') return PLAN_CHOICES.length;
  return (asked.ask.questions[state.question]?.options.length ?? 0) + 1;
}

/** Whether the cursor is on the row that takes typing. */
export function onTypingRow(asked: UserQuestion, state: PickerState): boolean {
  return state.cursor === rowCount(asked, state) - 1;
}

const stay = (state: PickerState): PickerStep => ({ kind: 'state', state });

function withAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, at) => (at === index ? value : item));
}

function planKey(state: PickerState, key: PickerKey): PickerStep {
  const noteRow = PLAN_CHOICES.length - 1;
  const choose = (index: number): PickerStep => {
    const choice = PLAN_CHOICES[index];
    if (choice === undefined) return stay(state);
    if (choice.decision !== 'keepPlanning')
      return { kind: 'answer', answer: { kind: 'plan', decision: choice.decision } };
    const note = state.typed[0]?.trim() ?? '';
    return {
      kind: 'answer',
      answer: { kind: 'plan', decision: 'keepPlanning', ...(note ? { note } : {}) },
    };
  };
  if (key.escape) return choose(noteRow);
  if (key.up) return stay({ ...state, cursor: Math.max(0, state.cursor - 1) });
  if (key.down) return stay({ ...state, cursor: Math.min(noteRow, state.cursor + 1) });
  if (key.enter) return choose(state.cursor);
  const typing = state.cursor === noteRow;
  if (key.backspace)
    return typing ? stay({ ...state, typed: [(state.typed[0] ?? '').slice(0, -1)] }) : stay(state);
  if (!typing && /^[1-9]$/.test(key.input)) {
    const index = Number(key.input) - 1;
    if (index === noteRow) return stay({ ...state, cursor: noteRow });
    return choose(index);
  }
  if (key.input === '') return stay(state);
  // Typing goes into the note (the row it belongs to comes under the cursor).
  return stay({
    ...state,
    cursor: noteRow,
    typed: [(state.typed[0] ?? '') + key.input.replace(/[\r\n]+/g, ' ')],
  });
}

function choicesKey(
  asked: UserQuestion & { ask: { kind: 'choices' } },
  state: PickerState,
  key: PickerKey,
): PickerStep {
  const questions = asked.ask.questions;
  const question = questions[state.question];
  if (question === undefined) return stay(state);
  const optionCount = question.options.length;
  const typingRow = optionCount;
  const picked = state.picked[state.question] ?? [];
  const typed = state.typed[state.question] ?? '';

  const answerWith = (answer: readonly string[]): PickerStep => {
    const answers = [...state.answers, answer];
    if (answers.length === questions.length)
      return { kind: 'answer', answer: { kind: 'choices', answers } };
    return stay({ ...state, question: state.question + 1, cursor: 0, answers });
  };
  const toggle = (index: number): PickerStep =>
    stay({
      ...state,
      cursor: index,
      picked: withAt(
        state.picked,
        state.question,
        picked.includes(index) ? picked.filter((at) => at !== index) : [...picked, index].sort(),
      ),
    });
  const labels = (indexes: readonly number[]): string[] =>
    indexes.flatMap((index) => {
      const label = question.options[index]?.label;
      return label === undefined ? [] : [label];
    });
  const confirmSeveral = (): PickerStep => {
    const own = typed.trim();
    return answerWith([...labels(picked), ...(own ? [own] : [])]);
  };

  if (key.escape) return { kind: 'answer', answer: { kind: 'declined' } };
  if (key.up) return stay({ ...state, cursor: Math.max(0, state.cursor - 1) });
  if (key.down) return stay({ ...state, cursor: Math.min(typingRow, state.cursor + 1) });
  const typing = state.cursor === typingRow;
  if (key.enter) {
    if (question.multiSelect) return confirmSeveral();
    if (typing) return typed.trim() === '' ? stay(state) : answerWith([typed.trim()]);
    return answerWith(labels([state.cursor]));
  }
  if (key.backspace)
    return typing
      ? stay({ ...state, typed: withAt(state.typed, state.question, typed.slice(0, -1)) })
      : stay(state);
  // A digit that names no choice (a number for an MCP form's field, say) starts the own answer.
  if (!typing && /^[1-9]$/.test(key.input) && Number(key.input) - 1 <= typingRow) {
    const index = Number(key.input) - 1;
    if (index === typingRow) return stay({ ...state, cursor: typingRow });
    return question.multiSelect ? toggle(index) : answerWith(labels([index]));
  }
  if (!typing && key.input === ' ') {
    return question.multiSelect ? toggle(state.cursor) : answerWith(labels([state.cursor]));
  }
  if (key.input === '') return stay(state);
  // Anything else typed is an answer of the user's own.
  return stay({
    ...state,
    cursor: typingRow,
    typed: withAt(state.typed, state.question, typed + key.input.replace(/[\r\n]+/g, ' ')),
  });
}

/** The picker after `key`: its next state, or the answer to send. */
export function pickerStep(asked: UserQuestion, state: PickerState, key: PickerKey): PickerStep {
  if (asked.ask.kind === 'plan') return planKey(state, key);
  return choicesKey({ ...asked, ask: asked.ask }, state, key);
}
