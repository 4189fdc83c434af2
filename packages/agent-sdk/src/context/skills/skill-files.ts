// Skills in Claude Code's format: a folder holding SKILL.md (front matter `name`, `description`;
// the body is the instructions) and any files it refers to. The project's `.wave/skills/` and
// `.claude/skills/`, then the user's `$WAVE_HOME/skills/` and `~/.claude/skills/`; the same name in several places: the
// first wins. The model's context carries only each skill's name and description (progressive
// disclosure); the Skill tool loads the body when the model decides to use one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContextScope, SkillInfo } from '@wave-agent/shared-protocol';
import { hiddenFromModelField, listField, splitFrontMatter, textField } from '../front-matter.js';
import { errorText } from '@wave-agent/shared-protocol';

const MAX_SKILLS = 100;
const MAX_SKILL_CHARS = 40_000;
const MAX_DESCRIPTION_CHARS = 1024;
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface Skill {
  readonly info: SkillInfo;
  /** The folder of SKILL.md: its other files become readable once the skill is loaded. */
  readonly folder: string;
  readonly body: string;
  /** `disable-model-invocation: true`: listed for the user, not offered to the model. */
  readonly hiddenFromModel: boolean;
  /** `user-invocable: false`: offered to the model only, not run as `/name`. */
  readonly hiddenFromUser?: boolean;
  /** What `/name` takes, shown in completion (`argument-hint`). */
  readonly argumentHint?: string;
  /** Rules for the turn `/name` starts (`allowed-tools`), as written. */
  readonly allowedTools?: readonly string[];
  /** The model for the turn `/name` starts. */
  readonly model?: string;
}

export interface SkillFolder {
  readonly path: string;
  readonly scope: ContextScope;
  /** A plugin's name: its skills are `plugin:name`. */
  readonly namespace?: string;
}

export function skillFolders(
  workdir: string,
  waveHome: string,
  claudeHome?: string,
): SkillFolder[] {
  return [
    { path: join(workdir, '.wave', 'skills'), scope: 'project' },
    { path: join(workdir, '.claude', 'skills'), scope: 'project' },
    { path: join(waveHome, 'skills'), scope: 'user' },
    ...(claudeHome !== undefined
      ? [{ path: join(claudeHome, 'skills'), scope: 'user' as const }]
      : []),
  ];
}

function skillDirectories(root: string): string[] {
  try {
    return readdirSync(root)
      .sort()
      .map((name) => join(root, name))
      .filter((path) => {
        try {
          return statSync(join(path, 'SKILL.md')).isFile();
        } catch {
          return false;
        }
      });
  } catch {
    return []; // No such folder: no skills from it.
  }
}

export function parseSkill(folder: string, scope: ContextScope, text: string): Skill {
  const source = join(folder, 'SKILL.md');
  const fallbackName = folder.split(/[\\/]/).at(-1)?.toLowerCase() ?? 'skill';
  const unusable = (name: string, problem: string): Skill => ({
    info: { name, description: '', source, scope, problem },
    folder,
    body: '',
    hiddenFromModel: true,
  });
  if (text.length > MAX_SKILL_CHARS)
    return unusable(
      fallbackName,
      `SKILL.md has ${text.length} characters; at most ${MAX_SKILL_CHARS}.`,
    );
  const parsed = splitFrontMatter(text);
  if ('error' in parsed)
    return unusable(fallbackName, `${source} cannot be used: ${parsed.error}.`);
  const name = textField(parsed.fields, 'name') ?? fallbackName;
  const description = textField(parsed.fields, 'description') ?? '';
  if (!NAME.test(name))
    return unusable(
      name,
      `${source}: "name" must be lower-case letters, digits and hyphens (at most 64).`,
    );
  if (description === '')
    return unusable(
      name,
      `${source}: "description" is missing; the model needs it to know when to use the skill.`,
    );
  const userInvocable = parsed.fields['user-invocable'];
  const argumentHint = textField(parsed.fields, 'argument-hint');
  const model = textField(parsed.fields, 'model');
  return {
    info: { name, description: description.slice(0, MAX_DESCRIPTION_CHARS), source, scope },
    folder,
    body: parsed.body.trim(),
    hiddenFromModel: hiddenFromModelField(parsed.fields),
    hiddenFromUser: userInvocable === false || userInvocable === 'false',
    ...(argumentHint ? { argumentHint } : {}),
    allowedTools: listField(parsed.fields, 'allowed-tools') ?? [],
    ...(model ? { model } : {}),
  };
}

export interface LoadedSkills {
  readonly skills: readonly Skill[];
  readonly problems: readonly string[];
}

export function loadSkills(folders: readonly SkillFolder[]): LoadedSkills {
  const byName = new Map<string, Skill>();
  const problems: string[] = [];
  for (const root of folders) {
    for (const folder of skillDirectories(root.path)) {
      if (byName.size >= MAX_SKILLS) {
        problems.push(
          `More than ${MAX_SKILLS} skills; the rest (from ${root.path}) were not read.`,
        );
        break;
      }
      let skill: Skill;
      try {
        skill = parseSkill(folder, root.scope, readFileSync(join(folder, 'SKILL.md'), 'utf8'));
      } catch (error) {
        skill = {
          info: {
            name: folder,
            description: '',
            source: join(folder, 'SKILL.md'),
            scope: root.scope,
            problem: `could not be read (${errorText(error)})`,
          },
          folder,
          body: '',
          hiddenFromModel: true,
        };
      }
      if (root.namespace !== undefined)
        skill = { ...skill, info: { ...skill.info, name: `${root.namespace}:${skill.info.name}` } };
      if (byName.has(skill.info.name)) continue;
      byName.set(skill.info.name, skill);
      if (skill.info.problem !== undefined) problems.push(skill.info.problem);
    }
  }
  return { skills: [...byName.values()], problems };
}

/** The skills the model may load (usable, not hidden from it). */
export function offeredSkills(skills: readonly Skill[]): Skill[] {
  return skills.filter((skill) => skill.info.problem === undefined && !skill.hiddenFromModel);
}
