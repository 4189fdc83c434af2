// Skill: the model loads one of the skills listed in its context (names and descriptions only)
// when its task matches; the result is the skill's instructions, and the files of its folder
// become readable (a user's skill lives under $WAVE_HOME, outside the work folder).
import { z } from 'zod';
import type { Skill } from '../context/skills/skill-files.js';
import { offeredSkills } from '../context/skills/skill-files.js';
import { defineTool } from './define-tool.js';
import type { AnyTool } from './define-tool.js';

const inputSchema = z.object({
  skill: z.string().min(1).max(100).describe('The name of the skill, as listed.'),
});

export type SkillInput = z.infer<typeof inputSchema>;

export interface SkillToolDeps {
  /** The session's skills now (they are read again after /clear). */
  readonly skills: () => readonly Skill[];
  /** The skill's folder may be read from now on. */
  readonly onLoaded: (skill: Skill) => void;
}

/** The Skill tool's name, known before a session builds the tool (registry.ts). */
export const SKILL_TOOL_NAME = 'Skill';

export function skillTool(deps: SkillToolDeps): AnyTool {
  return defineTool<SkillInput>({
    name: SKILL_TOOL_NAME,
    description:
      'Loads a skill: instructions (and files) for a kind of task, listed by name and description under "Skills" in your instructions. Load one when the task matches its description, then follow it.',
    inputSchema,
    partialInputSchema: inputSchema.partial(),
    // It reads the user's and the project's skill files, which the session listed already.
    permission: 'read-only',
    compact: (input) => input.skill,
    execute(input) {
      const offered = offeredSkills(deps.skills());
      const skill = offered.find((candidate) => candidate.info.name === input.skill);
      if (!skill) {
        const names = offered.map((candidate) => candidate.info.name);
        return Promise.resolve({
          isError: true,
          output: `There is no skill "${input.skill}". ${names.length > 0 ? `Use one of: ${names.join(', ')}.` : 'No skills are available.'}`,
        });
      }
      deps.onLoaded(skill);
      return Promise.resolve({
        output: `Skill "${skill.info.name}" (base folder: ${skill.folder}; its files are readable there).\n\n${skill.body}`,
      });
    },
  });
}
