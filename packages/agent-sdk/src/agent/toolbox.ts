// The tools a model call is given and the system prompt that describes them: the built-in tools
// (with Task for the subagent kinds) and those of the MCP servers connected now, less the ones
// the options disallow or a bare deny rule removes.
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { buildSystemPrompt } from '../context/system-prompt.js';
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
  readonly waveHome: string;
  readonly permissionMode: () => PermissionMode;
}

export class Toolbox {
  constructor(private readonly deps: ToolboxDeps) {}

  /** The built-in tools and the connected MCP servers' tools, as of now. */
  current(): readonly ToolDefinition<unknown>[] {
    const { builtin, mcp, disallowed, rules } = this.deps;
    return [...builtin, ...mcp.tools].filter(
      (tool) => !disallowed.has(tool.name) && !rules.removesTool(tool.name),
    );
  }

  /** The system prompt for a call with `tools`; a subagent's own prompt goes first. */
  systemPrompt(tools: readonly ToolDefinition<unknown>[], preamble?: string): string {
    const prompt = buildSystemPrompt({
      workdir: this.deps.workdir,
      waveHome: this.deps.waveHome,
      tools,
      permissionMode: this.deps.permissionMode(),
    });
    return preamble === undefined ? prompt : `${preamble}\n\n${prompt}`;
  }
}
