// The kinds of subagent the Agent tool can start: the built-in general-purpose and Explore (the
// names Claude Code users know), and the user's own from agent files (agent-files.ts). A kind
// names the tools it may use (always a subset of what its parent has) and its instructions.
import { currentToolName } from '../tools/tool-aliases.js';

/** Tools a subagent never gets: it starts no subagents, keeps no task list, leaves nothing running. */
export const PARENT_ONLY_TOOLS: ReadonlySet<string> = new Set([
  'Agent',
  'TodoWrite',
  'TaskOutput',
  'TaskStop',
  'ExitPlanMode',
]);

const READ_ONLY_TOOLS = ['Read', 'Glob', 'Grep', 'LS'] as const;

export interface AgentType {
  readonly name: string;
  /** When to use it, told to the parent model. */
  readonly description: string;
  /** The tools it may use; undefined: every tool its parent has (less PARENT_ONLY_TOOLS). */
  readonly tools?: readonly string[];
  /** Tools it never gets, even when `tools` leaves them in (Claude Code's `disallowedTools`). */
  readonly disallowedTools?: readonly string[];
  /** Its instructions, before the session's own. */
  readonly prompt: string;
  /** A model of the same provider; undefined: the parent's model. */
  readonly model?: string;
  /** Where it was defined (a file), for messages; undefined for a built-in one. */
  readonly source?: string;
}

const FINAL_ANSWER =
  'When you are done, answer with a concise report of what you found or did: it is all the caller sees of your work, so include the facts, paths and results it needs.';

export const BUILTIN_AGENT_TYPES: readonly AgentType[] = [
  {
    name: 'general-purpose',
    description:
      'General-purpose agent for researching complex questions, searching for code, and carrying out multi-step tasks on its own.',
    prompt: `You are a subagent of Wave, a coding agent. Carry out the task you are given completely, using the tools you have. ${FINAL_ANSWER}`,
  },
  {
    name: 'Explore',
    description:
      'Fast read-only agent for exploring a codebase: finds files by pattern, searches code for keywords, reads and answers questions about the code. It cannot change anything.',
    tools: READ_ONLY_TOOLS,
    prompt: `You are a read-only exploration subagent of Wave. Search and read the code to answer the question you are given; you cannot change files or run commands. ${FINAL_ANSWER}`,
  },
];

/** The tools a subagent of this type gets, from its parent's: never one the parent lacks. */
export function toolsFor<T extends { readonly name: string }>(
  type: AgentType,
  parentTools: readonly T[],
): T[] {
  const wanted = type.tools && new Set(type.tools.map(currentToolName));
  const unwanted = new Set((type.disallowedTools ?? []).map(currentToolName));
  return parentTools.filter(
    (tool) =>
      !PARENT_ONLY_TOOLS.has(tool.name) &&
      (!wanted || wanted.has(tool.name)) &&
      !unwanted.has(tool.name),
  );
}
