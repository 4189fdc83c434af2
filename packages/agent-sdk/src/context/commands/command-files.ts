// Custom slash commands from Markdown files, in Claude Code's format: the project's
// `.wave/commands/` and `.claude/commands/` and the user's `$WAVE_HOME/commands/` and
// `~/.claude/commands/`. A sub-folder is
// a namespace (`frontend/component.md` is `/frontend:component`). The same name in several
// places: `.wave/` wins over `.claude/`, the project over the user; the losers are named in the
// winner's `shadows`. A file that cannot be used is still listed, with the reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ContextScope, CustomCommandInfo } from '@wave-agent/shared-protocol';
import { hiddenFromModelField, listField, splitFrontMatter, textField } from '../front-matter.js';
import { errorText } from '@wave-agent/shared-protocol';

const MAX_COMMAND_FILES = 200;
const MAX_FOLDER_DEPTH = 4;
const MAX_COMMAND_CHARS = 40_000;
const NAME = /^[a-z0-9][a-z0-9._-]*(?::[a-z0-9][a-z0-9._-]*)*$/;

export interface CustomCommand {
  readonly info: CustomCommandInfo;
  /** The prompt template (the file without its front matter). */
  readonly body: string;
  /** Rules for this command's turn (`allowed-tools`), as written. */
  readonly allowedTools: readonly string[];
  /** A configured model's name or a model id, for this command's turn. */
  readonly model?: string;
  readonly disableModelInvocation: boolean;
  /** A skill run as `/name`: its folder, whose files become readable when it runs. */
  readonly skillFolder?: string;
}

export interface CommandFolder {
  readonly path: string;
  readonly scope: ContextScope;
  /** A plugin's name: its commands are `/plugin:name`. */
  readonly namespace?: string;
}

/** Where commands come from, strongest first. */
export function commandFolders(
  workdir: string,
  waveHome: string,
  claudeHome?: string,
): CommandFolder[] {
  return [
    { path: join(workdir, '.wave', 'commands'), scope: 'project' },
    { path: join(workdir, '.claude', 'commands'), scope: 'project' },
    { path: join(waveHome, 'commands'), scope: 'user' },
    ...(claudeHome !== undefined
      ? [{ path: join(claudeHome, 'commands'), scope: 'user' as const }]
      : []),
  ];
}

function markdownFiles(folder: string, problems: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return; // No such folder: no commands from it.
    }
    for (const name of names) {
      if (found.length >= MAX_COMMAND_FILES) {
        problems.push(
          `${folder} has more than ${MAX_COMMAND_FILES} command files; the rest were not read.`,
        );
        return;
      }
      const path = join(dir, name);
      let isDirectory: boolean;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch {
        continue;
      }
      if (isDirectory) {
        if (depth < MAX_FOLDER_DEPTH && !name.startsWith('.')) walk(path, depth + 1);
      } else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk(folder, 0);
  return found;
}

function commandName(folder: CommandFolder, file: string): string {
  const name = relative(folder.path, file).slice(0, -'.md'.length).split(sep).join(':');
  return (folder.namespace !== undefined ? `${folder.namespace}:${name}` : name).toLowerCase();
}

function firstLine(body: string): string {
  const line = body.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const text = line.replace(/^#+\s*/, '').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function parseCommandFile(
  path: string,
  name: string,
  scope: ContextScope,
  text: string,
): CustomCommand {
  const base = { name, source: path, scope };
  const unusable = (problem: string, description = ''): CustomCommand => ({
    info: { ...base, description, problem },
    body: '',
    allowedTools: [],
    disableModelInvocation: true,
  });
  if (!NAME.test(name))
    return unusable(
      `${path}: a command's name is letters, digits, '.', '-' or '_' (and ':' between folders), so /${name} cannot be typed; rename the file.`,
    );
  if (text.length > MAX_COMMAND_CHARS)
    return unusable(
      `${path} has ${text.length} characters; a command may have at most ${MAX_COMMAND_CHARS}.`,
    );
  const parsed = splitFrontMatter(text);
  if ('error' in parsed) return unusable(`${path} cannot be used: ${parsed.error}.`);
  const { fields, body } = parsed;
  const description = textField(fields, 'description') || firstLine(body) || `/${name}`;
  const argumentHint = textField(fields, 'argument-hint');
  const model = textField(fields, 'model');
  return {
    info: { ...base, description, ...(argumentHint ? { argumentHint } : {}) },
    body: body.trim(),
    allowedTools: listField(fields, 'allowed-tools') ?? [],
    ...(model ? { model } : {}),
    disableModelInvocation: hiddenFromModelField(fields),
  };
}

export interface LoadedCommands {
  readonly commands: readonly CustomCommand[];
  readonly problems: readonly string[];
}

/**
 * Every command, by name, strongest source first; built-in names are taken (the command is
 * listed with the reason).
 */
export function loadCustomCommands(
  folders: readonly CommandFolder[],
  builtinNames: ReadonlySet<string>,
): LoadedCommands {
  const byName = new Map<string, CustomCommand>();
  const problems: string[] = [];
  for (const folder of folders) {
    for (const path of markdownFiles(folder.path, problems)) {
      const name = commandName(folder, path);
      const winner = byName.get(name);
      if (winner) {
        byName.set(name, {
          ...winner,
          info: { ...winner.info, shadows: [...(winner.info.shadows ?? []), path] },
        });
        continue;
      }
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        byName.set(name, {
          info: {
            name,
            source: path,
            scope: folder.scope,
            description: '',
            problem: `${path} could not be read (${errorText(error)}).`,
          },
          body: '',
          allowedTools: [],
          disableModelInvocation: true,
        });
        continue;
      }
      const command = parseCommandFile(path, name, folder.scope, text);
      byName.set(
        name,
        builtinNames.has(name)
          ? {
              ...command,
              info: {
                ...command.info,
                problem: `${path}: /${name} is a built-in command, which wins; rename the file to use it.`,
              },
            }
          : command,
      );
    }
  }
  const commands = [...byName.values()];
  for (const command of commands)
    if (command.info.problem !== undefined) problems.push(command.info.problem);
  return { commands, problems };
}
