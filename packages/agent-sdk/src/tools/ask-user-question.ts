// AskUserQuestion: the model asks the user one to four questions with choices, in Claude Code's
// shape, and waits for the answer (session state: every host shows it, the first answer counts;
// the user may always type an answer of their own). The result is Claude Code's text.
import { QUESTION_LIMITS } from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { REJECTED, choicesAnswerText } from './user-answer-text.js';

const MAX_TEXT = 2000;

const optionSchema = z.object({
  label: z
    .string()
    .min(1)
    .max(200)
    .describe('The choice as the user sees it (1-5 words); it is also what you get back.'),
  description: z
    .string()
    .max(MAX_TEXT)
    .describe('What this choice means or implies, in a sentence.'),
});

const questionSchema = z
  .object({
    question: z
      .string()
      .min(1)
      .max(MAX_TEXT)
      .describe('The complete question, ending with a question mark.'),
    header: z
      .string()
      .min(1)
      .max(QUESTION_LIMITS.headerChars)
      .describe(
        'A very short label shown as a chip or tab (at most 12 characters), e.g. "Auth method".',
      ),
    options: z
      .array(optionSchema)
      .min(QUESTION_LIMITS.options.min)
      .max(QUESTION_LIMITS.options.max)
      .describe(
        'The 2-4 choices. Do not add an "Other" choice: the user can always type their own answer.',
      ),
    multiSelect: z
      .boolean()
      .default(false)
      .describe('true lets the user pick several choices; use it when they are not exclusive.'),
  })
  .refine(
    (question) =>
      new Set(question.options.map((option) => option.label)).size === question.options.length,
    { message: 'The labels of one question must differ.', path: ['options'] },
  );

const inputFields = z.object({
  questions: z
    .array(questionSchema)
    .min(QUESTION_LIMITS.questions.min)
    .max(QUESTION_LIMITS.questions.max)
    .describe('The questions to ask (1-4).'),
});

const inputSchema = inputFields.refine(
  (input) =>
    new Set(input.questions.map((question) => question.question)).size === input.questions.length,
  { message: 'Each question must be different.', path: ['questions'] },
);

export type AskUserQuestionInput = z.output<typeof inputSchema>;

export const ASK_USER_QUESTION = 'AskUserQuestion';

export const askUserQuestionTool = defineTool<AskUserQuestionInput>({
  name: ASK_USER_QUESTION,
  description: [
    'Asks the user one to four multiple-choice questions and waits for the answers.',
    'Use it to gather preferences or requirements, to clarify an ambiguous instruction, or to let the user choose between approaches as you work. The user can always type an answer of their own instead of a choice.',
    'If you recommend a choice, put it first and add "(Recommended)" to its label. In plan mode, use it to clarify requirements before you finish the plan; do not use it to ask whether the plan is ready (that is what ExitPlanMode is for).',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputFields.partial(),
  permission: 'read-only',
  compact(input) {
    const questions = input.questions ?? [];
    const first = questions[0];
    if (first === undefined || typeof first.question !== 'string') return undefined;
    return questions.length === 1 ? first.question : `${first.question} (+${questions.length - 1})`;
  },
  async execute(input, context) {
    const asking = context.session?.askUser;
    if (!asking || !context.call)
      return {
        isError: true,
        output:
          'AskUserQuestion is not available here: no one can answer in this run. Decide yourself and say what you assumed.',
      };
    const answer = await asking.ask(
      { kind: 'choices', questions: input.questions },
      context.call,
      context.signal,
    );
    if (answer === undefined)
      return { isError: true, output: 'The turn was stopped before the user answered.' };
    if (answer.kind !== 'choices') return { isError: true, output: REJECTED };
    return { output: choicesAnswerText(input.questions, answer.answers) };
  },
});
