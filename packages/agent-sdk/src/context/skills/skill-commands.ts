// A skill runs as `/skill-name [arguments]`, as in Claude Code: its SKILL.md body is the prompt,
// with `$ARGUMENTS`, `$1`… and `!` lines expanded as a command's are, and its `allowed-tools` and
// `model` for that turn. A command of the same name wins (the skill stays the model's to load),
// and a skill with `user-invocable: false` is the model's only.
import type { CustomCommand } from '../commands/command-files.js';
import type { Skill } from './skill-files.js';

/** The skills the user may run by name, as commands, leaving out the names already taken. */
export function skillCommands(
  skills: readonly Skill[],
  takenNames: ReadonlySet<string>,
): CustomCommand[] {
  return skills
    .filter(
      (skill) =>
        skill.info.problem === undefined &&
        skill.hiddenFromUser !== true &&
        !takenNames.has(skill.info.name),
    )
    .map((skill) => ({
      info: {
        name: skill.info.name,
        description: skill.info.description,
        ...(skill.argumentHint !== undefined ? { argumentHint: skill.argumentHint } : {}),
        source: skill.info.source,
        scope: skill.info.scope,
      },
      // Claude Code tells the model where the skill's files are, as the Skill tool does.
      body: `Base directory for this skill: ${skill.folder}\n\n${skill.body}`,
      allowedTools: skill.allowedTools ?? [],
      ...(skill.model !== undefined ? { model: skill.model } : {}),
      disableModelInvocation: skill.hiddenFromModel,
      skillFolder: skill.folder,
    }));
}
