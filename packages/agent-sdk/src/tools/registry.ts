// The built-in tools as one list, and how a session picks the ones it offers the model.
import { bashTool } from './bash.js';
import { bashOutputTool } from './bash-output.js';
import { killBashTool } from './kill-bash.js';
import type { AnyTool } from './define-tool.js';
import { editTool } from './edit.js';
import { globTool } from './glob.js';
import { grepTool } from './grep.js';
import { lsTool } from './ls.js';
import { todoWriteTool } from './todo-write.js';
import { readTool } from './read.js';
import { currentToolName } from './tool-aliases.js';
import { writeTool } from './write.js';
import { TASK_TOOL_NAME } from './task.js';
import { SKILL_TOOL_NAME } from './skill.js';
import { webFetchTool } from './web/web-fetch.js';
import { webSearchTool } from './web/web-search.js';
import { askUserQuestionTool } from './ask-user-question.js';
import { exitPlanModeTool } from './exit-plan-mode.js';

export { runTool, parseToolInput, type ParsedToolInput } from './run-tool.js';
export type { AnyTool } from './define-tool.js';

export const builtinTools: readonly AnyTool[] = [
  bashTool,
  readTool,
  writeTool,
  editTool,
  globTool,
  grepTool,
  lsTool,
  todoWriteTool,
  bashOutputTool,
  killBashTool,
  webFetchTool,
  webSearchTool,
  askUserQuestionTool,
  exitPlanModeTool,
];

/**
 * Every built-in tool's name, for settings that name tools (a rule naming none is said): the
 * tools above and those a session builds from its own parts (Task from its subagent kinds, Skill
 * from its skills).
 */
export const BUILTIN_TOOL_NAMES: readonly string[] = [
  ...builtinTools.map((tool) => tool.name),
  TASK_TOOL_NAME,
  SKILL_TOOL_NAME,
];

/** The tool with this exact name, or undefined. */
export function findTool(
  name: string,
  tools: readonly AnyTool[] = builtinTools,
): AnyTool | undefined {
  return tools.find((tool) => tool.name === name);
}

export interface ToolSelection {
  /** When given, only these tools are offered. */
  readonly allowedTools?: readonly string[];
  /** These tools are never offered, even when allowed. */
  readonly disallowedTools?: readonly string[];
}

/**
 * The tools a session offers. Names are matched exactly (an old name as its new one); a name that matches no tool in the list
 * is ignored, because the same settings may also name tools from elsewhere (MCP servers).
 */
export function selectTools(
  selection: ToolSelection,
  tools: readonly AnyTool[] = builtinTools,
): AnyTool[] {
  const allowed = selection.allowedTools && new Set(selection.allowedTools.map(currentToolName));
  const disallowed = new Set((selection.disallowedTools ?? []).map(currentToolName));
  return tools.filter((tool) => (!allowed || allowed.has(tool.name)) && !disallowed.has(tool.name));
}
