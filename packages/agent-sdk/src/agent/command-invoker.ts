// A user message that names a custom slash command (`/review 12`) becomes the command's prompt
// for the model; the user's text stays what every host shows. Its `!` lines run as Bash calls
// through the permission policy (so they ask unless a rule allows them, or the sandbox confines
// them: then they run under the launcher the policy gives, like the model's), and its `allowed-tools`
// are allow rules (Claude Code's syntax, the rules engine's matcher) for this turn only — a
// project's command's only in a trusted folder (its file is the repository's word). A message
// that names an MCP server's prompt (`/mcp__server__prompt args`) becomes the prompt's messages,
// got from the server.
import { randomUUID } from 'node:crypto';
import { parseSlashCommand } from '@wave-agent/shared-protocol';
import type { CustomCommand } from '../context/commands/command-files.js';
import { expandCommand } from '../context/commands/expand-command.js';
import type { Logger } from '../logger.js';
import type { PermissionPolicy, TurnRule } from '../permissions/permission-policy.js';
import { parseRuleText } from '../permissions/rules/permission-rule.js';
import { bashTool } from '../tools/bash.js';
import { mcpPromptFor } from '../mcp/mcp-prompt-text.js';
import type { McpPromptSource } from '../mcp/mcp-prompt-text.js';

export interface PreparedMessage {
  /** What the user typed, as every host shows it. */
  readonly text: string;
  /** What the model reads instead, when it was a command. */
  readonly toModel?: string;
  /** Tools that run without asking during this turn. */
  readonly allowedTools: readonly string[];
  /** The model this turn uses, when the command names one. */
  readonly model?: string;
  /** Ends what the command allowed: call it when the turn ends. */
  readonly release: () => void;
}

export interface CommandInvokerDeps {
  readonly workdir: string;
  readonly permissions: PermissionPolicy;
  readonly commands: () => readonly CustomCommand[];
  /** Whether the user trusted the work folder (for a project command's allowed-tools). */
  readonly folderTrusted: () => boolean;
  readonly logger: Logger;
  readonly beforeExecute?: () => Promise<void>;
  /** A skill run as `/name` makes its folder readable, as loading it with the Skill tool does. */
  readonly allowReadingFolder?: (folder: string) => void;
  /** The MCP servers' prompts, run as `/mcp__server__prompt`. */
  readonly mcpPrompts?: McpPromptSource;
}

export class CommandInvoker {
  constructor(private readonly deps: CommandInvokerDeps) {}

  /** The command `text` names, if it names one. */
  find(text: string): CustomCommand | undefined {
    const typed = parseSlashCommand(text);
    if (!typed) return undefined;
    return this.deps.commands().find((command) => command.info.name === typed.name);
  }

  /** Throws a sentence for a command that cannot be used. */
  async prepare(text: string, signal: AbortSignal): Promise<PreparedMessage> {
    const command = this.find(text);
    if (!command) {
      const { mcpPrompts } = this.deps;
      const toModel = mcpPrompts ? await mcpPromptFor(text, mcpPrompts, signal) : undefined;
      return {
        text,
        ...(toModel !== undefined ? { toModel } : {}),
        allowedTools: [],
        release: () => {},
      };
    }
    const { info } = command;
    if (info.problem !== undefined) throw new Error(info.problem);
    const applies = info.scope === 'user' || this.deps.folderTrusted();
    const allowedTools = applies ? command.allowedTools : [];
    const rules: TurnRule[] = [];
    for (const text of allowedTools) {
      const parsed = parseRuleText(text);
      if (!parsed.ok) {
        this.deps.logger.warn(
          `${info.source}: allowed-tools "${text}" is not a rule: ${parsed.problem}.`,
        );
        continue;
      }
      rules.push({
        text,
        tool: parsed.tool,
        ...(parsed.specifier !== undefined ? { specifier: parsed.specifier } : {}),
        source: info.source,
        kind: info.scope === 'user' ? 'user' : 'project',
      });
    }
    if (!applies && command.allowedTools.length > 0)
      this.deps.logger.warn(
        `/${info.name}: allowed-tools of ${info.source} apply once you trust this folder; its tools ask as usual.`,
      );
    if (command.skillFolder !== undefined) this.deps.allowReadingFolder?.(command.skillFolder);
    const release = this.deps.permissions.allowDuringTurn(rules);
    try {
      const toModel = await expandCommand(command.body, parseSlashCommand(text)?.args ?? '', {
        workdir: this.deps.workdir,
        runShell: (line) => this.runShell(line, signal, applies),
        readDenied: (realPath) => this.deps.permissions.deniesReading(realPath),
      });
      const model = command.model ? { model: command.model } : {};
      return { text, toModel, allowedTools, ...model, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  private async runShell(command: string, signal: AbortSignal, trusted: boolean): Promise<string> {
    const call = {
      tool: bashTool,
      input: { command },
      toolCallId: randomUUID(),
      compactParams: command,
      signal,
      ...(trusted ? {} : { untrustedSource: true }),
    };
    const outcome = await this.deps.permissions.check(call);
    if (!outcome.allowed) return `(\`${command}\` was not run: ${outcome.reason})`;
    // Where the policy said it runs: in the sandbox when it is on (it was allowed unasked for
    // that reason), never plainly beside it.
    const commands = await this.deps.permissions.launcherFor(call, outcome);
    await this.deps.beforeExecute?.();
    const result = await bashTool.execute(
      { command },
      { workdir: this.deps.workdir, signal, commands },
    );
    return result.output;
  }
}
