// What the model asks the user directly, as Claude Code's AskUserQuestion and ExitPlanMode do:
// questions with choices, or a plan to approve. Like a permission question it is session state
// (`userQuestionAsked` … `userQuestionAnswered`), so every attached host shows it, a reloaded one
// too, and the first host to answer (`answerUserQuestion`) settles it for all.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/** Claude Code's limits on AskUserQuestion's input. */
export const QUESTION_LIMITS = {
  questions: { min: 1, max: 4 },
  options: { min: 2, max: 4 },
  headerChars: 12,
} as const;

/** An answer's bounds: as many questions as an MCP form may have fields, its picks per question. */
export const ANSWER_LIMITS = { questions: 32, values: 32 } as const;

export const QuestionOptionSchema = lazySchema(() =>
  z.object({ label: z.string(), description: z.string() }),
);
export type QuestionOption = z.output<typeof QuestionOptionSchema>;

/** One question of AskUserQuestion, in Claude Code's shape. */
export const ChoiceQuestionSchema = lazySchema(() =>
  z.object({
    question: z.string(),
    /** A short tag for the question (at most 12 characters): a tab, a chip. */
    header: z.string(),
    options: z.array(QuestionOptionSchema).readonly(),
    multiSelect: z.boolean(),
  }),
);
export type ChoiceQuestion = z.output<typeof ChoiceQuestionSchema>;

/** What the three plan answers do: approve and let edits through, approve and ask, keep planning. */
export const PLAN_DECISIONS = ['approveAcceptEdits', 'approveDefault', 'keepPlanning'] as const;
export const PlanDecisionSchema = lazySchema(() => z.enum(PLAN_DECISIONS));
export type PlanDecision = z.output<typeof PlanDecisionSchema>;

/** The fields of a waiting user question; `userQuestionAsked` carries exactly these. */
export const USER_QUESTION_SHAPE = {
  /** What `answerUserQuestion` names. */
  requestId: z.string(),
  /** The tool call that asks (its block shows the question's look). */
  toolCallId: z.string(),
  messageId: z.string().optional(),
  /** Set when a subagent asks: its kind (the question reaches the user through its parent). */
  subagent: z.string().optional(),
  /** Epoch ms. */
  requestedAt: z.number(),
  /**
   * Set when an MCP server asks mid-call (MCP elicitation): the server and what it says. Its form
   * fields are the questions (a field's choices as options, free text typed), so every host that
   * answers the model's questions answers it too.
   */
  elicitation: z.lazy(() => z.object({ server: z.string(), message: z.string() })).optional(),
  ask: z.lazy(() =>
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('choices'), questions: z.array(ChoiceQuestionSchema).readonly() }),
      z.object({
        kind: z.literal('plan'),
        /** The plan, as Markdown. */
        plan: z.string(),
        /** The file it was read from ($WAVE_HOME/plans/<slug>.md), when it came from one. */
        planFile: z.string().optional(),
      }),
    ]),
  ),
};
export const UserQuestionSchema = lazySchema(() => z.object(USER_QUESTION_SHAPE));
export type UserQuestion = z.output<typeof UserQuestionSchema>;

/**
 * An answer. `choices`: per question, in order, what the user picked (option labels) and what
 * they typed instead; `plan`: one of the plan decisions, with a note when they keep planning;
 * `declined`: the user dismissed the question without answering.
 */
export const UserAnswerSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('choices'),
      answers: z
        .array(z.array(z.string().max(4000)).max(ANSWER_LIMITS.values).readonly())
        .max(ANSWER_LIMITS.questions)
        .readonly(),
    }),
    z.object({
      kind: z.literal('plan'),
      decision: PlanDecisionSchema,
      note: z.string().max(8000).optional(),
    }),
    z.object({ kind: z.literal('declined') }),
  ]),
);
export type UserAnswer = z.output<typeof UserAnswerSchema>;
