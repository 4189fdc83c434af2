// Which calls a rule's tool name speaks about. `Edit(…)` covers every tool that edits files
// (Edit and Write); `Read(…)` also Grep, Glob and LS (and, to deny or ask, Edit, which reads);
// `mcp__server` every tool of that server.
import type { ToolDefinition } from '../../tools/tool.js';

/** How a rule's specifier is read. */
export type RuleFamily = 'bash' | 'path' | 'task' | 'skill' | 'mcp' | 'domain' | 'other';

const PATH_TOOLS = new Set(['Read', 'Edit', 'Write']);
const READING_TOOLS = new Set(['Read', 'Grep', 'Glob', 'LS']);

export function ruleFamily(tool: string): RuleFamily {
  if (tool === 'Bash') return 'bash';
  if (PATH_TOOLS.has(tool)) return 'path';
  if (tool === 'Agent') return 'task';
  if (tool === 'Skill') return 'skill';
  if (tool === 'WebFetch') return 'domain';
  if (tool.startsWith('mcp__')) return 'mcp';
  return 'other';
}

/** Whether a rule written for `ruleTool` applies to a call of `tool`. */
export function ruleCovers(
  ruleTool: string,
  tool: Pick<ToolDefinition<unknown>, 'name' | 'permission' | 'paths'>,
): boolean {
  if (ruleTool === tool.name) return true;
  if (ruleTool === 'Edit') return tool.permission === 'edit' && tool.paths !== undefined;
  if (ruleTool === 'Read') return READING_TOOLS.has(tool.name);
  // `mcp__notes` covers `mcp__notes__search`; server names hold no `__`, so this is exact.
  return ruleTool.startsWith('mcp__') && tool.name.startsWith(`${ruleTool}__`);
}

/**
 * Whether a deny or ask rule written for `ruleTool` restricts a call of `tool`: what it covers,
 * and a `Read(…)` rule also restricts Edit, which reads the file's old content and tells whether
 * (and where) a text occurs in it. An allow rule for Read never allows an Edit.
 */
export function ruleRestricts(
  ruleTool: string,
  tool: Pick<ToolDefinition<unknown>, 'name' | 'permission' | 'paths'>,
): boolean {
  return ruleCovers(ruleTool, tool) || (ruleTool === 'Read' && tool.name === 'Edit');
}

/** Claude Code's `Skill(name)` names one skill; `Skill(prefix:*)` every skill that starts so. */
export function skillMatches(specifier: string, skill: string | undefined): boolean {
  if (skill === undefined) return false;
  return specifier.endsWith(':*') ? skill.startsWith(specifier.slice(0, -2)) : skill === specifier;
}
