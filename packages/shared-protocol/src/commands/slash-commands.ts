// The slash commands every Wave UI offers, one table for all of them (the terminal UI and the
// webview attach their own implementation to each name): names, what they do, their arguments,
// and how typed text is read and completed. A UI implements a command by its name, so a new
// entry here shows up in every UI's completion once it is implemented there.

export interface SlashCommandInfo {
  /** Typed after the slash; lower case, no spaces. */
  readonly name: string;
  readonly description: string;
  /** Shown in completion after the name, e.g. "<question>". */
  readonly argumentHint?: string;
  /** Whether the typed command is echoed into the history first; default true. */
  readonly echo?: boolean;
}

export const SLASH_COMMANDS = {
  help: { name: 'help', description: 'Show commands and keys' },
  clear: { name: 'clear', description: 'Start a new conversation' },
  resume: { name: 'resume', description: 'Switch to a saved session of this directory' },
  rewind: { name: 'rewind', description: 'Go back to before one of your messages' },
  compact: {
    name: 'compact',
    description: 'Fold the conversation into a summary for the model',
    argumentHint: '[instructions]',
  },
  btw: {
    name: 'btw',
    description: 'Ask a side question, answered outside the conversation',
    argumentHint: '<question>',
    echo: false,
  },
  model: {
    name: 'model',
    description: 'Show or switch the model (--save or --project keeps it)',
    argumentHint: '[name] [--save|--project]',
  },
  effort: {
    name: 'effort',
    description: 'Show or set how hard the model thinks: off, low, medium, high, max',
    argumentHint: '[off|low|medium|high|max]',
  },
  tasks: { name: 'tasks', description: 'List the commands running in the background' },
  mcp: {
    name: 'mcp',
    description: 'Show the MCP servers: connected, their tools, or why not; restart one',
    argumentHint: '[restart <server>]',
  },
  sandbox: {
    name: 'sandbox',
    description: 'Show whether commands run in the sandbox, and what it lets them reach',
  },
  permissions: {
    name: 'permissions',
    description: 'Show the permission rules and their files; add or remove one',
    argumentHint: '[allow|ask|deny|remove …]',
  },
  hooks: { name: 'hooks', description: 'Show the hooks in force and the files they come from' },
  memory: {
    name: 'memory',
    description: 'List the memory files the model reads; /memory N opens one in your editor',
    argumentHint: '[number]',
  },
  skills: { name: 'skills', description: 'List the skills the model may load' },
  plan: {
    name: 'plan',
    description: 'Enter plan mode: the model plans, you approve the plan before anything changes',
    argumentHint: '[what to plan]',
  },
  exit: { name: 'exit', description: 'Leave wave' },
  'add-dir': {
    name: 'add-dir',
    description: 'Add a work folder for this session: tools may read and write there too',
    argumentHint: '<path>',
  },
  usage: { name: 'usage', description: 'Show the tokens and cost of this session, per model' },
  cost: { name: 'cost', description: 'The same as /usage: tokens and cost per model' },
  context: {
    name: 'context',
    description: "Show what fills the model's context window, as of the last request",
  },
  export: {
    name: 'export',
    description: 'Write the conversation as Markdown to a file, or copy it (--copy)',
    argumentHint: '[file|--copy]',
  },
  doctor: {
    name: 'doctor',
    description: 'Check the setup: Node, git, the sandbox, settings files, MCP servers, the model',
  },
} as const satisfies { readonly [Name in string]: SlashCommandInfo & { readonly name: Name } };

export type SlashCommandName = keyof typeof SLASH_COMMANDS;

/** The table in the order completion offers it. */
export const SLASH_COMMAND_LIST: readonly SlashCommandInfo[] = Object.values(SLASH_COMMANDS);

export function isSlashCommandName(name: string): name is SlashCommandName {
  return Object.hasOwn(SLASH_COMMANDS, name);
}

export interface ParsedSlashCommand {
  readonly name: string;
  /** What was typed after the name, trimmed. */
  readonly args: string;
}

/** `/name args` → its parts; undefined when the text is not a slash command. */
export function parseSlashCommand(text: string): ParsedSlashCommand | undefined {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  return { name: match[1].toLowerCase(), args: (match[2] ?? '').trim() };
}

/**
 * The commands to offer while `text` is a command name being typed (`/`, `/co`): names that
 * start with it first, then names that contain it. Empty once arguments follow, or for other text.
 */
export function matchingCommands<C extends { readonly name: string }>(
  text: string,
  commands: readonly C[],
): readonly C[] {
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return [];
  const typed = (match[1] ?? '').toLowerCase();
  const starting = commands.filter((command) => command.name.startsWith(typed));
  const containing = commands.filter(
    (command) => !command.name.startsWith(typed) && command.name.includes(typed),
  );
  return [...starting, ...containing];
}

/** The input after completing `command` (a space follows, ready for arguments). */
export function completedInput(command: { readonly name: string }): string {
  return `/${command.name} `;
}
