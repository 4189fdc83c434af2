// Slash commands over ACP: a prompt that starts with `/name` runs the command of that name from
// the shared table (shared-protocol's SLASH_COMMANDS), with the implementation the terminal runs too
// (code/src/commands/) where it fits an editor (/compact, /btw, /model, /tasks, /hooks, /memory,
// /skills, /add-dir, /usage, /context, /export, /doctor, /config — its list and `set`, /plugin);
// /help lists these. The others are the
// editor's own business — a new thread instead of /clear, its history (session/load) instead of
// /resume, closing the panel instead of /exit, and /rewind needs a picker ACP has no room for —
// so they answer with what to do instead. Any other `/word` is a prompt for the model.
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import {
  customCommandEntries,
  isSlashCommandName,
  mcpPromptCommands,
  NO_PROJECT_CONTEXT,
  parseSlashCommand,
  SLASH_COMMANDS,
} from '@wave-agent/shared-protocol';
import type {
  McpServerStatus,
  ProjectContext,
  SlashCommandInfo,
  SlashCommandName,
} from '@wave-agent/shared-protocol';
import { btwCommand } from '../commands/btw-command.js';
import { planCommand } from '../commands/plan-command.js';
import type { CommandContext, SlashCommand } from '../commands/command-context.js';
import { compactCommand } from '../commands/compact-command.js';
import { hooksCommand } from '../commands/hooks-command.js';
import { costCommand, usageCommand } from '../commands/usage-command.js';
import { contextWindowCommand } from '../commands/context-window-command.js';
import { modelCommand } from '../commands/model-command.js';
import { effortCommand } from '../commands/effort-command.js';
import { tasksCommand } from '../commands/tasks-command.js';
import { memoryCommand, skillsCommand } from '../commands/context-commands.js';
import { addDirCommand } from '../commands/add-dir-command.js';
import { exportCommand } from '../commands/export-command.js';
import { doctorCommand } from '../commands/doctor-command.js';
import { configCommand } from '../commands/config-command.js';
import { pluginCommand } from '../commands/plugin-command.js';

function helpText(commands: readonly SlashCommandInfo[]): string {
  const rows = commands.map((command) => {
    const label = command.argumentHint ? `${command.name} ${command.argumentHint}` : command.name;
    return `- /${label}: ${command.description}`;
  });
  return ['Commands:', ...rows].join('\n');
}

const helpCommand: SlashCommand = {
  ...SLASH_COMMANDS.help,
  description: 'Show the commands Wave runs here',
  run: (context) => context.print(helpText(context.commands)),
};

export const ACP_COMMANDS: readonly SlashCommand[] = [
  helpCommand,
  compactCommand,
  btwCommand,
  modelCommand,
  effortCommand,
  tasksCommand,
  hooksCommand,
  memoryCommand,
  skillsCommand,
  planCommand,
  addDirCommand,
  usageCommand,
  costCommand,
  contextWindowCommand,
  exportCommand,
  doctorCommand,
  configCommand,
  pluginCommand,
];

/** What the editor offers instead of the commands that are its own business. */
const ELSEWHERE: Partial<Record<SlashCommandName, string>> = {
  clear: 'To start a new conversation, start a new thread in the editor.',
  resume: "To continue a saved session, open it from the editor's history of threads.",
  rewind: '/rewind works in the terminal UI (wave --resume ID); in the editor, start a new thread.',
  exit: "The editor runs Wave: close the thread (or the editor's agent panel) to stop it.",
};

export type CommandPlan =
  | { readonly kind: 'run'; readonly command: SlashCommand; readonly args: string }
  | { readonly kind: 'elsewhere'; readonly text: string };

/** The command a prompt asks for; undefined when it is a prompt for the model. */
export function commandFor(text: string): CommandPlan | undefined {
  const parsed = parseSlashCommand(text);
  if (!parsed || !isSlashCommandName(parsed.name)) return undefined;
  const command = ACP_COMMANDS.find((known) => known.name === parsed.name);
  if (command) return { kind: 'run', command, args: parsed.args };
  return {
    kind: 'elsewhere',
    text: ELSEWHERE[parsed.name] ?? `/${parsed.name} is not available in an editor.`,
  };
}

/**
 * available_commands_update's list: these, then the session's custom commands (and Wave's
 * prompt commands such as /init) and its MCP servers' prompts, which reach the agent as
 * prompts and are expanded there.
 */
export function availableCommands(
  context: ProjectContext = NO_PROJECT_CONTEXT,
  servers: readonly McpServerStatus[] = [],
): AvailableCommand[] {
  const withCustom = [...ACP_COMMANDS, ...customCommandEntries(context.commands, ACP_COMMANDS)];
  return [...withCustom, ...mcpPromptCommands(servers, withCustom)].map((command) => ({
    name: command.name,
    description: command.description,
    ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
  }));
}

export type { CommandContext };
