// What /memory and /skills show, the same in every UI, from the session state: the memory files
// in the order the model reads them with their sizes, and the skills with where each comes from.
import type { ProjectContext } from '../rpc/project-context.js';

export const NO_MEMORY =
  'No memory files. Wave reads ~/.claude/CLAUDE.md and $WAVE_HOME/AGENTS.md, and from the repository root down to this folder AGENTS.md, WAVE.md, CLAUDE.md and .wave/rules/*.md or .claude/rules/*.md. /init asks the model to write an AGENTS.md.';

export const NO_SKILLS =
  'No skills. Wave reads SKILL.md folders in .wave/skills/, .claude/skills/, $WAVE_HOME/skills/ and ~/.claude/skills/.';

function size(chars: number): string {
  return chars < 1000 ? `${chars} chars` : `${(chars / 1000).toFixed(1)}k chars`;
}

/** The memory files, numbered in the order the model reads them, then any warnings. */
export function memoryListText(context: ProjectContext): string {
  const lines =
    context.memory.length === 0
      ? [NO_MEMORY]
      : [
          'Memory files, in the order the model reads them:',
          ...context.memory.map(
            (file, index) =>
              `  ${index + 1}. ${file.path}  ${size(file.chars)} · ${file.scope}${
                file.importedFrom !== undefined ? ` · imported by ${file.importedFrom}` : ''
              }`,
          ),
        ];
  const warnings = context.warnings.map((warning) => `  ! ${warning}`);
  return [...lines, ...warnings].join('\n');
}

export function skillsListText(context: ProjectContext): string {
  if (context.skills.length === 0) return NO_SKILLS;
  return [
    'Skills (the model sees each name and description, and loads one with the Skill tool):',
    ...context.skills.map(
      (skill) =>
        `  ${skill.name}  ${skill.problem !== undefined ? `cannot be used: ${skill.problem}` : skill.description}  (${skill.source})`,
    ),
  ].join('\n');
}
