// The commands that come from the session's files (SessionState.context): the custom commands
// (sending `/name args` as a message, which the agent expands), /memory and /skills.
import type { McpServerStatus, ProjectContext } from '@wave-agent/shared-protocol';
import {
  customCommandEntries,
  memoryListText,
  SLASH_COMMANDS,
  skillsListText,
} from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';
import { mcpPromptSlashCommands } from './mcp-prompt-commands.js';

/** A UI's own commands, then the session's custom commands, then its MCP servers' prompts. */
export function sessionSlashCommands(
  own: readonly SlashCommand[],
  context: ProjectContext,
  servers: readonly McpServerStatus[],
): SlashCommand[] {
  const withCustom = [...own, ...customSlashCommands(context, own)];
  return [...withCustom, ...mcpPromptSlashCommands(servers, withCustom)];
}

/** The custom commands whose names the built-in table does not take, as slash commands. */
export function customSlashCommands(
  context: ProjectContext,
  own: readonly SlashCommand[],
): SlashCommand[] {
  return customCommandEntries(context.commands, own).map((entry) => {
    const info = context.commands.find((command) => command.name === entry.name);
    return {
      ...entry,
      run: async (run) => {
        if (info?.problem !== undefined) {
          run.print(`/${entry.name} cannot be used: ${info.problem}`, 'warning');
          return;
        }
        await run.session.sendMessage(`/${entry.name}${run.args ? ` ${run.args}` : ''}`);
      },
    };
  });
}

export const memoryCommand: SlashCommand = {
  ...SLASH_COMMANDS.memory,
  run: async (context) => {
    const { memory } = context.session.getSnapshot().context;
    if (context.args === '') {
      context.print(memoryListText(context.session.getSnapshot().context));
      return;
    }
    const file = memory[Number(context.args) - 1];
    if (!/^\d+$/.test(context.args) || file === undefined) {
      context.print(
        `There is no memory file ${context.args}: type /memory to see them numbered, then /memory N.`,
        'warning',
      );
      return;
    }
    const reply = await context.askHost('memory', file.path);
    if (reply === false) context.print(`Open ${file.path} in your editor to change it.`);
    else if (reply.message) context.print(reply.message, reply.level);
  },
};

export const skillsCommand: SlashCommand = {
  ...SLASH_COMMANDS.skills,
  run: (context) => context.print(skillsListText(context.session.getSnapshot().context)),
};
