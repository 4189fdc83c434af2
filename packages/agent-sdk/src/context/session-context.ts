// What a session reads from the user's and the project's files when it starts (and after /clear
// or a restore): the memory files, the custom commands and the skills; what every host sees of it is
// `SessionState.context`.
import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { ProjectContext } from '@wave-agent/shared-protocol';
import { isFolderTrusted } from '../permissions/folder-trust.js';
import { BUILT_IN_PROMPTS } from './commands/builtin-prompts.js';
import { commandFolders, loadCustomCommands } from './commands/command-files.js';
import type { CustomCommand } from './commands/command-files.js';
import { loadSkills, skillFolders } from './skills/skill-files.js';
import type { Skill } from './skills/skill-files.js';
import { skillCommands } from './skills/skill-commands.js';
import { loadMemory } from './memory/load-memory.js';
import type { PluginBundle } from '../plugins/plugin-bundle.js';
import type { LoadedMemory } from './memory/load-memory.js';

/** Names the hosts handle themselves (their own table) and Wave's prompt commands. */
const TAKEN_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(SLASH_COMMANDS),
  ...BUILT_IN_PROMPTS.map((command) => command.info.name),
  'memory',
  'skills',
]);

export interface SessionContext {
  /** Whether the user trusted the work folder when it was read. */
  readonly trusted: boolean;
  readonly memory: LoadedMemory;
  /** Wave's prompt commands, the custom ones (strongest source of each name), then the skills. */
  readonly commands: readonly CustomCommand[];
  readonly skills: readonly Skill[];
  /** The session state's view of it: names, sources and sizes. */
  readonly info: ProjectContext;
}

export interface SessionContextInput {
  readonly workdir: string;
  readonly waveHome: string;
  /** The user's Claude Code folder (~/.claude), when it is read beside $WAVE_HOME. */
  readonly claudeHome?: string;
  /** Whether a deny rule for Read covers a real path (memory files and imports it covers are not read). */
  readonly readDenied?: (realPath: string) => boolean;
  /** The plugins turned on: their commands and skills, named `plugin:name`. */
  readonly plugins?: readonly PluginBundle[];
}

export function loadSessionContext(input: SessionContextInput): SessionContext {
  const trusted = isFolderTrusted(input.waveHome, input.workdir);
  const memory = loadMemory({
    workdir: input.workdir,
    waveHome: input.waveHome,
    ...(input.claudeHome !== undefined ? { claudeHome: input.claudeHome } : {}),
    trusted,
    ...(input.readDenied ? { denied: input.readDenied } : {}),
  });
  const plugins = input.plugins ?? [];
  const custom = loadCustomCommands(
    [
      ...commandFolders(input.workdir, input.waveHome, input.claudeHome),
      ...plugins.flatMap((plugin) =>
        plugin.commandFolders.map((path) => ({
          path,
          scope: plugin.scope,
          namespace: plugin.name,
        })),
      ),
    ],
    TAKEN_NAMES,
  );
  const skills = loadSkills([
    ...skillFolders(input.workdir, input.waveHome, input.claudeHome),
    ...plugins.flatMap((plugin) =>
      plugin.skillFolders.map((path) => ({ path, scope: plugin.scope, namespace: plugin.name })),
    ),
  ]);
  const named = new Set([...TAKEN_NAMES, ...custom.commands.map((command) => command.info.name)]);
  const commands = [
    ...BUILT_IN_PROMPTS,
    ...custom.commands,
    ...skillCommands(skills.skills, named),
  ];
  return {
    trusted,
    memory,
    commands,
    skills: skills.skills,
    info: {
      memory: memory.files.map((file) => ({
        path: file.path,
        scope: file.scope,
        chars: file.content.length,
        ...(file.importedFrom !== undefined ? { importedFrom: file.importedFrom } : {}),
      })),
      commands: commands.map((command) => command.info),
      skills: skills.skills.map((skill) => skill.info),
      warnings: [...memory.warnings, ...custom.problems, ...skills.problems],
    },
  };
}
