// The tools a model call is given and the system prompt that describes them: the built-in tools
// (with Task for the subagent kinds), Skill while the session has skills to offer, and those of
// the MCP servers connected now, less the ones the options disallow or a bare deny rule removes.
// The prompt carries the session's memory files and the offered skills' names and descriptions.
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { ContextShelf } from '../context/context-shelf.js';
import { offeredSkills } from '../context/skills/skill-files.js';
import { buildSystemPrompt, promptSections } from '../context/system-prompt.js';
import type { McpServerPool } from '../mcp/mcp-server-pool.js';
import type { PermissionRules } from '../permissions/rules/permission-rules.js';
import type { ToolDefinition } from '../tools/tool.js';

export interface ToolboxDeps {
  /** The built-in tools this agent has (already less the disallowed ones). */
  readonly builtin: readonly ToolDefinition<unknown>[];
  readonly mcp: McpServerPool;
  readonly disallowed: ReadonlySet<string>;
  /** A bare deny rule (`Bash`, `mcp__server`) takes the tool out of the list too. */
  readonly rules: PermissionRules;
  readonly workdir: string;
  readonly permissionMode: () => PermissionMode;
  /** Plan mode's one writable file, named in its instructions. */
  readonly planFile: string;
  readonly context: ContextShelf;
  /** Loads a skill's body for the model (tools/skill.ts). */
  readonly skillTool: ToolDefinition<unknown>;
  /** The caller's own system prompt and what it appends (AgentOptions), for the main agent. */
  readonly ownPrompt?: { readonly replace?: string; readonly append?: string };
}

export class Toolbox {
  constructor(private readonly deps: ToolboxDeps) {}

  /** The built-in tools and the connected MCP servers' tools, as of now. */
  current(): readonly ToolDefinition<unknown>[] {
    const { builtin, mcp, disallowed, rules, skillTool, context } = this.deps;
    const skills =
      offeredSkills(context.value.skills).length > 0 && !disallowed.has(skillTool.name)
        ? [skillTool]
        : [];
    return [...builtin, ...skills, ...mcp.tools].filter(
      (tool) => !disallowed.has(tool.name) && !rules.removesTool(tool.name),
    );
  }

  /** The system prompt for a call with `tools`; a subagent's own prompt goes first. */
  systemPrompt(tools: readonly ToolDefinition<unknown>[], preamble?: string): string {
    const prompt = buildSystemPrompt({
      workdir: this.deps.workdir,
      ...this.loaded(tools),
      tools,
      permissionMode: this.deps.permissionMode(),
      planFile: this.deps.planFile,
      // A subagent keeps its own instructions: the caller's prompt is for the main agent.
      ...(preamble === undefined && this.deps.ownPrompt ? { own: this.deps.ownPrompt } : {}),
    });
    return preamble === undefined ? prompt : `${preamble}\n\n${prompt}`;
  }

  /** The skills list and memory files of the system prompt for `tools`, as /context counts them. */
  promptSections(tools: readonly ToolDefinition<unknown>[]) {
    return promptSections(this.loaded(tools));
  }

  private loaded(tools: readonly ToolDefinition<unknown>[]) {
    const { context, skillTool } = this.deps;
    return {
      memory: context.value.memory.files,
      skills: tools.includes(skillTool)
        ? offeredSkills(context.value.skills).map((skill) => skill.info)
        : [],
    };
  }
}
