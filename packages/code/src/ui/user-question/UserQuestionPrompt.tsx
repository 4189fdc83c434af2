// The model's question or plan in the terminal (the first of `state.userQuestions`): a picker
// of its choices (question-picker-state.ts has the keys). Its answer goes through the session,
// so any other attached host could have answered first; then the question leaves the state and
// this prompt with it.
import { useRef, useState } from 'react';
import { useInput } from 'ink';
import type { UserAnswer, UserQuestion } from '@wave-agent/shared-protocol';
import { SafeText } from '../SafeText.js';
import { initialPickerState, pickerStep } from './question-picker-state.js';
import { userQuestionLines } from './user-question-lines.js';

interface UserQuestionPromptProps {
  readonly question: UserQuestion;
  readonly onAnswer: (answer: UserAnswer) => void;
  readonly columns: number;
  /** Rows a plan may take (the rest is in its file). */
  readonly planRows: number;
}

export function UserQuestionPrompt({
  question,
  onAnswer,
  columns,
  planRows,
}: UserQuestionPromptProps) {
  const [state, setState] = useState(() => initialPickerState(question));
  // Keys that arrive in one read come before the next render: each goes on from the last.
  const current = useRef(state);
  useInput((input, key) => {
    // Ink marks Esc as meta too; Esc declines, other meta chords are not the picker's.
    if (key.ctrl || (key.meta && !key.escape) || key.tab) return;
    const step = pickerStep(question, current.current, {
      input,
      ...(key.upArrow ? { up: true } : {}),
      ...(key.downArrow ? { down: true } : {}),
      ...(key.return ? { enter: true } : {}),
      ...(key.escape ? { escape: true } : {}),
      ...(key.backspace || key.delete ? { backspace: true } : {}),
    });
    if (step.kind === 'answer') {
      onAnswer(step.answer);
      return;
    }
    current.current = step.state;
    setState(step.state);
  });
  return <SafeText>{userQuestionLines(question, state, columns, planRows).join('\n')}</SafeText>;
}
