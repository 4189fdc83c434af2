// AskUserQuestion: each question with its choices, as lists under the question's header. The
// answer is the call's result (the text the model reads); while the call waits, the session's
// pending user question is what the screens ask with (state.userQuestions).
import type { ToolInput, ToolLook } from '../tool-look.js';
import { textField } from '../tool-look.js';
import { isRecord } from '../../values/is-record.js';
import type { ViewPart } from '../view-parts.js';

function questionParts(input: ToolInput): ViewPart[] {
  const questions: readonly unknown[] = Array.isArray(input.questions) ? input.questions : [];
  return questions.flatMap((question): ViewPart[] => {
    if (!isRecord(question)) return [];
    const text = textField(question, 'question');
    if (text === undefined) return [];
    const header = textField(question, 'header');
    const options: readonly unknown[] = Array.isArray(question.options) ? question.options : [];
    const items = options.flatMap((option) => {
      if (!isRecord(option)) return [];
      const label = textField(option, 'label');
      if (label === undefined) return [];
      const description = textField(option, 'description');
      return [{ text: description === undefined ? label : `${label}: ${description}` }];
    });
    const many = question.multiSelect === true ? ' (any of)' : '';
    return [
      {
        kind: 'list',
        label: `${header === undefined ? '' : `${header} · `}${text}${many}`,
        items,
      },
    ];
  });
}

export const askUserQuestionLook: ToolLook = {
  kind: 'other',
  name: () => 'Question',
  body: (input) => questionParts(input),
};
