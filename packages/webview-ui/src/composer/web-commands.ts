// The webview's implementation of the shared slash-command table (shared-protocol's
// SLASH_COMMANDS): the same names, descriptions and arguments as the terminal UI, doing the
// same things through the session. A command this view cannot do (/exit: a tab is closed by its
// browser; /doctor and /config: the machine Wave runs on — Node, git, bubblewrap, the settings
// files — is the server's, out of the page's sight) has no entry, and completion does not offer it.
import type { SessionHandle } from '@wave-agent/client';
import {
  PLAN_MODE_ON,
  addWorkFolderText,
  EFFORT_LEVELS,
  hooksText,
  isEffortLevel,
  customCommandEntries,
  customCommandHelp,
  mcpPromptCommands,
  isSlashCommandName,
  memoryListText,
  parseModelArguments,
  parsePermissionsCommand,
  parsePluginCommand,
  pluginListText,
  permissionChangeText,
  permissionRulesText,
  skillsListText,
  SLASH_COMMAND_LIST,
  usageText,
  contextText,
} from '@wave-agent/shared-protocol';
import { exportConversation } from './export-conversation.js';
import type {
  ContextScope,
  CustomCommandInfo,
  McpServerStatus,
  SlashCommandInfo,
  SlashCommandName,
} from '@wave-agent/shared-protocol';

export type NoteLevel = 'info' | 'warning' | 'error';

/** What a command may do to the view around the session. */
export interface CommandUi {
  note(text: string, level?: NoteLevel): void;
  openSessions(): void;
  openRewind(): void;
  openMcp(): void;
  openSandbox(): void;
  openTasks(): void;
  focusModel(): void;
  /** Asks which memory file gets a `# line`: undefined when the user cancels. */
  chooseMemoryFile(line: string): Promise<ContextScope | undefined>;
  /** The conversation follows the stream again: a message sent asks for its reply. */
  followLatest(): void;
  /** Opens a file in the host's editor (VS Code); absent where the host has none. */
  readonly openInEditor?: (path: string) => void;
}

export interface CommandContext {
  readonly session: SessionHandle;
  /** What was typed after the name, trimmed. */
  readonly args: string;
  readonly ui: CommandUi;
}

export type WebCommand = (context: CommandContext) => void | Promise<void>;

const KEYS_HELP = [
  'Enter sends · Shift+Enter adds a line · ↑/↓ on the first/last line walk your history',
  'Tab completes a command · PageUp/PageDown scroll the conversation · End or "Jump to latest" follows it again',
  'A message sent while Wave works waits in the queue, where you can edit or remove it',
  '!command runs a shell command (when Wave is not working)',
].join('\n');

export const WEB_COMMANDS: { readonly [Name in SlashCommandName]?: WebCommand } = {
  help: ({ session, ui }) => {
    const rows = offeredCommands().map(
      (command) =>
        `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''} — ${command.description}`,
    );
    const custom = customCommandHelp(session.getSnapshot().context.commands);
    ui.note(
      ['Commands:', ...rows, '', ...custom, ...(custom.length ? [''] : []), KEYS_HELP].join('\n'),
    );
  },
  memory: ({ session, args, ui }) => {
    const { context } = session.getSnapshot();
    if (args === '') {
      const list = memoryListText(context);
      const more =
        ui.openInEditor && context.memory.length > 0 ? '\nType /memory N to open file N.' : '';
      return ui.note(`${list}${more}`);
    }
    const file = /^\d+$/.test(args) ? context.memory[Number(args) - 1] : undefined;
    if (!file)
      return ui.note(
        `There is no memory file ${args}: type /memory to see them numbered, then /memory N.`,
        'warning',
      );
    if (!ui.openInEditor) return ui.note(`Open ${file.path} in your editor to change it.`);
    ui.openInEditor(file.path);
    ui.note(`Opened ${file.path} in the editor.`);
  },
  skills: ({ session, ui }) => ui.note(skillsListText(session.getSnapshot().context)),
  clear: ({ session }) => session.clear(),
  resume: ({ ui }) => ui.openSessions(),
  rewind: ({ ui }) => ui.openRewind(),
  mcp: ({ ui }) => ui.openMcp(),
  sandbox: ({ ui }) => ui.openSandbox(),
  permissions: async ({ session, args, ui }) => {
    const command = parsePermissionsCommand(args);
    if (command.action === 'usage') return ui.note(command.text, 'error');
    if (command.action === 'list') {
      const { rules, problems, readOnlyCommands } = await session.request('getPermissionRules', {});
      const sandbox = session.getSnapshot().sandbox;
      return ui.note(permissionRulesText(rules, problems, { readOnlyCommands, sandbox }));
    }
    const { behavior, rule } = command;
    const result = await session.request(
      command.action === 'add' ? 'addPermissionRule' : 'removePermissionRule',
      { behavior, rule },
    );
    ui.note(permissionChangeText(command, result), result.ok ? 'info' : 'error');
  },
  hooks: ({ session, ui }) => ui.note(hooksText(session.getSnapshot().hooks ?? [])),
  'add-dir': async ({ session, args, ui }) => {
    const result = await session.request('addWorkFolder', { path: args });
    ui.note(addWorkFolderText(result), result.ok ? 'info' : 'error');
  },
  plan: async ({ session, args, ui }) => {
    await session.setPermissionMode('plan');
    ui.note(PLAN_MODE_ON);
    if (args !== '') await session.sendMessage(args);
  },
  tasks: ({ ui }) => ui.openTasks(),
  compact: ({ session, args }) => session.compact(args === '' ? undefined : args),
  btw: async ({ session, args, ui }) => {
    if (args === '') {
      ui.note('Type a question after /btw, e.g. /btw what does this regex match?', 'warning');
      return;
    }
    await session.askBtw(args);
  },
  effort: async ({ session, args, ui }) => {
    const wanted = args.trim().toLowerCase();
    if (wanted === '') {
      ui.note(
        `The effort is ${session.getSnapshot().effort}. Type /effort LEVEL (${EFFORT_LEVELS.join(', ')}), or change it in the bar below.`,
      );
      return;
    }
    if (!isEffortLevel(wanted)) {
      ui.note(
        `"${wanted}" is not an effort level; type /effort followed by one of: ${EFFORT_LEVELS.join(', ')}.`,
        'warning',
      );
      return;
    }
    const { note } = await session.setEffort(wanted);
    ui.note(`The effort is now ${wanted}.${note ? ` ${note}` : ''}`, note ? 'warning' : 'info');
  },
  model: async ({ session, args, ui }) => {
    const { name, save } = parseModelArguments(args);
    const { provider, model } = session.getSnapshot().model;
    if (name === '') {
      ui.note(
        `The model is ${model} (${provider}). Type /model NAME, or change it in the bar above.`,
      );
      ui.focusModel();
      return;
    }
    await session.setModel(name);
    const saved =
      save !== undefined
        ? ' Keeping it for next time (--save, --project) is done in the terminal: wave /model NAME --save.'
        : '';
    ui.note(`The model is now ${name} for this session.${saved}`, saved ? 'warning' : 'info');
  },
  usage: ({ session, ui }) => ui.note(usageText(session.getSnapshot())),
  cost: ({ session, ui }) => ui.note(usageText(session.getSnapshot())),
  context: ({ session, ui }) => ui.note(contextText(session.getSnapshot().contextWindow)),
  export: ({ session, args, ui }) =>
    exportConversation(session, args, (text, level) => ui.note(text, level)),
  plugin: async ({ session, args, ui }) => {
    const command = parsePluginCommand(args);
    if (command.action === 'usage') return ui.note(command.text, 'error');
    if (command.action === 'list')
      return ui.note(pluginListText(await session.request('listPlugins', {})));
    const { action, id } = command;
    const result = await session.request('changePlugin', { action, id });
    ui.note(result.text, result.ok ? 'info' : 'error');
  },
};

/**
 * The shared table's commands this view implements, in the table's order, then the session's
 * custom commands (sent as messages; the agent expands them).
 */
export function offeredCommands(
  custom: readonly CustomCommandInfo[] = [],
  servers: readonly McpServerStatus[] = [],
): readonly SlashCommandInfo[] {
  const own = SLASH_COMMAND_LIST.filter((command) => Object.hasOwn(WEB_COMMANDS, command.name));
  const withCustom = [...own, ...customCommandEntries(custom, own)];
  // The MCP servers' prompts (`/mcp__server__prompt`), sent as messages like custom commands.
  return [...withCustom, ...mcpPromptCommands(servers, withCustom)];
}

export function webCommand(name: string): WebCommand | undefined {
  return isSlashCommandName(name) ? WEB_COMMANDS[name] : undefined;
}
