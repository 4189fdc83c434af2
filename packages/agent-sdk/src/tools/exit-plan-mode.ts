// ExitPlanMode, as in Claude Code 2.1: in plan mode the model writes its plan to the plan file
// named in its instructions ($WAVE_HOME/plans/<slug>.md, the one file plan mode lets it write)
// and calls this tool; the user sees the plan and approves it (edits accepted, or asked for
// each) or sends it back with a note, and plan mode stays. A `plan` input (older Claude Code)
// is taken as the plan. Approval sets the session's permission mode, which every host shows.
import { readFile } from 'node:fs/promises';
import type { PermissionMode, PlanDecision } from '@wave-agent/shared-protocol';
import { errorText } from '@wave-agent/shared-protocol';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { errorCode } from './error-details.js';
import { REJECTED, approvedPlanText, rejectedWithNote } from './user-answer-text.js';

const inputSchema = z.object({
  plan: z
    .string()
    .max(200_000)
    .optional()
    .describe('The plan, as Markdown; leave it out when the plan is in the plan file.'),
});

export type ExitPlanModeInput = z.output<typeof inputSchema>;

export const EXIT_PLAN_MODE = 'ExitPlanMode';

const MODE_AFTER: Readonly<Record<Exclude<PlanDecision, 'keepPlanning'>, PermissionMode>> = {
  approveAcceptEdits: 'acceptEdits',
  approveDefault: 'default',
};

/** The plan file's text; undefined when it does not exist. */
async function planFileText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new Error(`The plan file ${path} could not be read: ${errorText(error)}`, {
      cause: error,
    });
  }
}

export const exitPlanModeTool = defineTool<ExitPlanModeInput>({
  name: EXIT_PLAN_MODE,
  description: [
    'Asks the user to approve your plan, in plan mode, once the plan is written to the plan file named in your instructions.',
    'Use it only when the task is to implement something and you have finished planning the steps; not for research or questions. Clarify requirements with AskUserQuestion first; do not ask in prose whether the plan is ready.',
    'If the user approves, plan mode ends and you carry out the plan; otherwise you get their note and keep planning.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  compact: () => undefined,
  async execute(input, context) {
    const asking = context.session?.askUser;
    if (!asking?.setMode || !context.call)
      return {
        isError: true,
        output:
          'ExitPlanMode is not available here: no one can approve a plan in this run. Carry on without leaving plan mode.',
      };
    if (asking.mode() !== 'plan')
      return {
        isError: true,
        output:
          'You are not in plan mode. This tool is only for exiting plan mode after writing a plan. If your plan was already approved, continue with implementation.',
      };
    const fromFile = input.plan === undefined ? await planFileText(asking.planFile) : undefined;
    const plan = input.plan ?? fromFile;
    if (plan === undefined || plan.trim() === '')
      return {
        isError: true,
        output: `There is no plan to approve: write your plan to ${asking.planFile} first (Write), then call ExitPlanMode again.`,
      };
    const planFile = fromFile !== undefined ? asking.planFile : undefined;
    const answer = await asking.ask(
      { kind: 'plan', plan, ...(planFile !== undefined ? { planFile } : {}) },
      context.call,
      context.signal,
    );
    if (answer === undefined)
      return { isError: true, output: 'The turn was stopped before the user answered.' };
    if (answer.kind !== 'plan') return { isError: true, output: REJECTED };
    if (answer.decision === 'keepPlanning') {
      const note = answer.note?.trim();
      return { isError: true, output: note ? rejectedWithNote(note) : REJECTED };
    }
    asking.setMode(MODE_AFTER[answer.decision]);
    return { output: approvedPlanText(plan, planFile) };
  },
});
