// Agent (Claude Code's Task before 2.1): starts a subagent with its own conversation and tools
// for a self-contained piece of work, in Claude Code's shape (description, prompt,
// subagent_type). Its final answer is the result; its conversation streams, nested, under this
// call's block.
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import type { AnyTool } from './define-tool.js';

const inputSchema = z.object({
  description: z.string().min(1).max(200).describe('A short (3-5 word) description of the task.'),
  prompt: z
    .string()
    .min(1)
    .max(100_000)
    .describe('The task for the subagent, with everything it needs to know.'),
  subagent_type: z
    .string()
    .min(1)
    .max(100)
    .describe('Which kind of subagent to use (see the list in the description).'),
});

export type TaskInput = z.infer<typeof inputSchema>;

export interface TaskAgentKind {
  readonly name: string;
  readonly description: string;
}

/** The Agent tool's name (Claude Code 2.1's; `Task` is read as it, tool-aliases.ts), known before a session builds the tool (registry.ts). */
export const TASK_TOOL_NAME = 'Agent';

/** Heads the list of subagent kinds in the Agent tool's description (/context counts it apart). */
export const AGENT_KINDS_HEADING = 'Kinds (subagent_type):';

/** The Agent tool, describing the subagent kinds this session offers. */
export function taskTool(kinds: readonly TaskAgentKind[]): AnyTool {
  return defineTool<TaskInput>({
    name: TASK_TOOL_NAME,
    description: [
      'Launches a subagent that works on its own with its own conversation and tools, and returns its final report. Use it for searches and multi-step work that would crowd your context, and to do independent pieces in parallel (several Agent calls in one response run together).',
      'The subagent sees only your prompt: make it self-contained and say what to report back. Its report is not shown to the user; summarize what matters.',
      AGENT_KINDS_HEADING,
      ...kinds.map((kind) => `- ${kind.name}: ${kind.description}`),
    ].join('\n'),
    inputSchema,
    partialInputSchema: inputSchema.partial(),
    // It changes nothing itself: each of the subagent's own calls is checked as the parent's are.
    // Read-only calls of one response run together, so several Agent calls run in parallel.
    permission: 'read-only',
    compact(input) {
      if (input.description === undefined) return undefined;
      return input.subagent_type
        ? `${input.subagent_type}: ${input.description}`
        : input.description;
    },
    async execute(input, context) {
      const run = context.session?.runSubagent;
      if (!run || !context.call) {
        return { isError: true, output: 'Subagents are not available here; do the work yourself.' };
      }
      if (!kinds.some((kind) => kind.name === input.subagent_type)) {
        return {
          isError: true,
          output: `There is no subagent kind "${input.subagent_type}". Use one of: ${kinds.map((kind) => kind.name).join(', ')}.`,
        };
      }
      return run({
        description: input.description,
        prompt: input.prompt,
        subagentType: input.subagent_type,
        messageId: context.call.messageId,
        toolCallId: context.call.toolCallId,
        signal: context.signal,
      });
    },
  });
}
