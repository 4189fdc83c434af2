// The narrowest sensible allow rule for a call the user said "don't ask again" about: for a
// command, its leading plain words as a prefix (`npm run test -- -u` → `Bash(npm run test:*)`,
// `git status` → `Bash(git status:*)`); for an edit, the file's folder (`Edit(/src/**)`, or
// `Edit(//abs/folder/**)` outside the work folder); for a read outside it, `Read(//abs/folder/**)`;
// for a web page, its host (`WebFetch(domain:example.com)`); any other tool by its name.
// Nothing is offered where one rule could not say it: a command joined to another, shell logic, assignments or a file redirection in front of the command.
// A program that runs what its arguments say (`bash -c`, `eval`, `sudo`, `xargs`, `find -exec`,
// `python3 -c`, `git -c core.sshCommand=…`) would make a prefix rule allow every command: for it
// only the exact command is offered, and nothing when a word of it changes at run time.
import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { ToolDefinition } from '../../tools/tool.js';
import { realPathOf } from '../../tools/real-path.js';
import { splitCommand } from './command-parts.js';
import type { CommandPart } from './command-parts.js';
import { programName, runsOtherCommands } from './command-wrappers.js';
import { parseRuleText } from './permission-rule.js';
import { domainRule } from './domain-pattern.js';

/** Runners whose next two words name what runs (`npm run test`); others: one word (`git status`). */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

const PLAIN_WORD = /^[\w@%+=,.:/-]+$/;

/** Interpreters and tools that run code or commands their arguments hold (beyond the wrappers). */
const RUNS_CODE = new Set([
  'python',
  'python2',
  'python3',
  'node',
  'nodejs',
  'deno',
  'bun',
  'perl',
  'ruby',
  'php',
  'lua',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'sed',
  'Rscript',
  'osascript',
  'pwsh',
  'tclsh',
  'expect',
  'ssh',
  'source',
  '.',
]);

/** Programs whose options before a subcommand can run commands (`git -c core.sshCommand=…`). */
const OPTIONS_RUN_COMMANDS = new Set(['git']);

/** `Bash(<the command exactly>)`, when a rule can hold it literally. */
function exactRule(part: CommandPart): string | undefined {
  if (!part.fixed || part.hides !== undefined || /[*\n]/.test(part.words)) return undefined;
  const rule = `Bash(${part.words})`;
  const parsed = parseRuleText(rule);
  return parsed.ok && parsed.specifier === part.words ? rule : undefined;
}

async function commandRule(command: string): Promise<string | undefined> {
  const split = await splitCommand(command);
  const [part] = split.parts;
  if (!split.understood || split.parts.length !== 1 || !part) return undefined;
  if (part.redirectsFiles || part.words !== part.bareWords) return undefined;
  const words = part.words.split(' ');
  const plain: string[] = [];
  for (const word of words) {
    if (!PLAIN_WORD.test(word) || word.startsWith('-')) break;
    plain.push(word);
  }
  const program = programName(part.runs[0]?.split(' ')[0] ?? '');
  if (
    runsOtherCommands(program) ||
    RUNS_CODE.has(program) ||
    (OPTIONS_RUN_COMMANDS.has(program) && plain.length < 2)
  )
    return exactRule(part);
  if (plain.length === 0) return undefined;
  const length = SCRIPT_RUNNERS.has(plain[0] ?? '') && plain[1] === 'run' ? 3 : 2;
  return `Bash(${plain.slice(0, length).join(' ')}:*)`;
}

/** A folder as a gitignore pattern can hold it literally. */
const SAFE_FOLDER = /^[^*?[\]!#\\]*$/;

async function folderRule(
  tool: string,
  path: string,
  workdir: string,
): Promise<string | undefined> {
  const [folder, base] = await Promise.all([realPathOf(dirname(path)), realPathOf(workdir)]);
  if (!SAFE_FOLDER.test(folder) || folder.endsWith(' ')) return undefined;
  const rel = relative(base, folder);
  const inside = !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`);
  if (inside) return rel === '' ? `${tool}(/**)` : `${tool}(/${rel.split(sep).join('/')}/**)`;
  return `${tool}(/${folder.split(sep).join('/')}/**)`;
}

function commandOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || !('command' in input)) return undefined;
  const command: unknown = input.command;
  return typeof command === 'string' ? command : undefined;
}

export async function suggestRule(
  tool: Pick<ToolDefinition<unknown>, 'name' | 'permission' | 'paths' | 'webHost'>,
  input: unknown,
  workdir: string,
  outside: readonly string[],
): Promise<string | undefined> {
  if (tool.webHost !== undefined) {
    const host = tool.webHost(input);
    return host === undefined ? undefined : domainRule(tool.name, host);
  }
  if (tool.name === 'Bash') {
    const command = commandOf(input);
    return command === undefined ? undefined : commandRule(command);
  }
  const paths = tool.paths?.(input, workdir) ?? [];
  if (tool.permission === 'edit' && tool.paths !== undefined)
    return paths.length === 1 && paths[0] !== undefined
      ? folderRule('Edit', paths[0], workdir)
      : undefined;
  if (outside.length === 1 && outside[0] !== undefined) {
    // A read outside the folder: the folder it reads (for LS/Glob/Grep the path is the folder).
    const folderOf = tool.name === 'Read' ? outside[0] : `${outside[0]}${sep}x`;
    return folderRule('Read', folderOf, workdir);
  }
  if (outside.length > 0 || paths.length > 0) return undefined;
  return tool.name;
}
