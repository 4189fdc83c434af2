// The model's question or plan as the terminal's lines: the questions' headers as tabs, the
// question, its choices (with their descriptions) and the row to type an answer of one's own;
// an MCP server's form asks its fields the same way, under the server's name and message;
// or the plan drawn as Markdown (clipped to the rows it may take) and the three plan choices.
import { OTHER_ANSWER_LABEL, PLAN_CHOICES, PLAN_QUESTION_TITLE } from '@wave-agent/shared-protocol';
import type { ChoiceQuestion, UserQuestion } from '@wave-agent/shared-protocol';
import { paint } from '../render/ansi.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { renderMarkdown } from '../render/markdown.js';
import { terminalText } from '../../terminal/terminal-text.js';
import type { PickerState } from './question-picker-state.js';
import { initialPickerState } from './question-picker-state.js';

const CURSOR = paint(' ', { inverse: true });

function row(selected: boolean, text: string, width: number): string {
  const mark = selected ? paint('❯', { color: 'cyan' }) : ' ';
  return truncateAnsiLine(`${mark} ${selected ? paint(text, { bold: true }) : text}`, width);
}

function headerTabs(questions: readonly ChoiceQuestion[], state: PickerState): string {
  return questions
    .map((question, index) => {
      const done = index < state.answers.length;
      const tab = `${done ? '☒' : '☐'} ${terminalText(question.header)}`;
      return index === state.question ? paint(tab, { inverse: true }) : paint(tab, { dim: !done });
    })
    .join('  ');
}

/** An MCP server's form: which server asks, and what it says (each line of it). */
function elicitationLines(asked: UserQuestion, width: number): string[] {
  if (asked.elicitation === undefined) return [];
  const { server, message } = asked.elicitation;
  return [
    truncateAnsiLine(
      paint(`The MCP server "${terminalText(server)}" asks:`, { bold: true, color: 'cyan' }),
      width,
    ),
    ...message.split('\n').map((line) => truncateAnsiLine(terminalText(line), width)),
  ];
}

function choicesLines(
  asked: UserQuestion,
  questions: readonly ChoiceQuestion[],
  state: PickerState,
  width: number,
): string[] {
  const question = questions[state.question];
  if (question === undefined) return [];
  const picked = state.picked[state.question] ?? [];
  const typed = state.typed[state.question] ?? '';
  const from =
    asked.subagent === undefined
      ? ''
      : paint(` (asked by the ${asked.subagent} subagent)`, { dim: true });
  const lines = [
    ...elicitationLines(asked, width),
    truncateAnsiLine(headerTabs(questions, state), width),
    truncateAnsiLine(`${paint(terminalText(question.question), { bold: true })}${from}`, width),
  ];
  question.options.forEach((option, index) => {
    const box = question.multiSelect ? `${picked.includes(index) ? '[✔]' : '[ ]'} ` : '';
    lines.push(
      row(state.cursor === index, `${index + 1}. ${box}${terminalText(option.label)}`, width),
    );
    if (option.description !== '')
      lines.push(
        truncateAnsiLine(paint(`     ${terminalText(option.description)}`, { dim: true }), width),
      );
  });
  const typingRow = question.options.length;
  const typing = state.cursor === typingRow;
  const own =
    typed === '' && !typing
      ? OTHER_ANSWER_LABEL
      : `${OTHER_ANSWER_LABEL}: ${terminalText(typed)}${typing ? CURSOR : ''}`;
  lines.push(row(typing, `${typingRow + 1}. ${own}`, width));
  lines.push(
    paint(
      question.multiSelect
        ? 'Space to pick · Enter to confirm · ↑/↓ to move · type your own · Esc to decline'
        : 'Enter or a number to pick · ↑/↓ to move · type your own · Esc to decline',
      { dim: true },
    ),
  );
  return lines;
}

function planLines(
  plan: string,
  planFile: string | undefined,
  state: PickerState,
  width: number,
  planRows: number,
): string[] {
  const drawn = renderMarkdown(plan, Math.max(20, width - 2)).map((line) =>
    truncateAnsiLine(`  ${line}`, width),
  );
  const shown =
    drawn.length <= planRows
      ? drawn
      : [
          ...drawn.slice(0, Math.max(0, planRows - 1)),
          paint(
            `  … ${drawn.length - Math.max(0, planRows - 1)} more lines${planFile ? ` in ${planFile}` : ''}`,
            { dim: true },
          ),
        ];
  const lines = [paint(PLAN_QUESTION_TITLE, { bold: true, color: 'cyan' }), ...shown];
  if (planFile !== undefined && shown === drawn)
    lines.push(paint(`  (${planFile})`, { dim: true }));
  const note = state.typed[0] ?? '';
  PLAN_CHOICES.forEach((choice, index) => {
    const selected = state.cursor === index;
    const extra =
      choice.note === undefined
        ? ''
        : note === '' && !selected
          ? ''
          : `: ${note === '' ? paint(choice.note.placeholder, { dim: true }) : terminalText(note)}${selected ? CURSOR : ''}`;
    lines.push(row(selected, `${index + 1}. ${choice.label}${extra}`, width));
  });
  lines.push(
    paint('Enter or a number to choose · type a note to keep planning · Esc keeps planning', {
      dim: true,
    }),
  );
  return lines;
}

export function userQuestionLines(
  asked: UserQuestion,
  state: PickerState,
  width: number,
  planRows: number,
): string[] {
  return asked.ask.kind === 'plan'
    ? planLines(asked.ask.plan, asked.ask.planFile, state, width, planRows)
    : choicesLines(asked, asked.ask.questions, state, width);
}

/** Rows the picker takes for `asked` (the App keeps them free below the live area). */
export function userQuestionRows(asked: UserQuestion, width: number, planRows: number): number {
  if (asked.ask.kind === 'plan')
    return userQuestionLines(asked, initialPickerState(asked), width, planRows).length;
  // The tallest of its questions.
  return Math.max(
    ...asked.ask.questions.map(
      (_question, index) =>
        userQuestionLines(asked, { ...initialPickerState(asked), question: index }, width, planRows)
          .length,
    ),
  );
}
