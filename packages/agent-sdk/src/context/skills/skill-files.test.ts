import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSkills, offeredSkills, skillFolders } from './skill-files.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wave-skills-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const skill = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody of ${name}.`;

describe('loadSkills', () => {
  it('reads SKILL.md folders, .wave/ before .claude/ before the user, and lists broken ones with the reason', () => {
    const root = tree({
      'work/.wave/skills/pdf/SKILL.md': skill('pdf', 'Wave pdf'),
      'work/.claude/skills/pdf/SKILL.md': skill('pdf', 'Claude pdf'),
      'work/.claude/skills/lint/SKILL.md': skill(
        'lint',
        'Lints',
        'disable-model-invocation: true\n',
      ),
      'work/.claude/skills/old-hidden/SKILL.md': skill(
        'old-hidden',
        'Hidden the older way',
        'hide-from-slash-command-tool: true\n',
      ),
      'work/.claude/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nx',
      'work/.claude/skills/not-a-skill/README.md': 'no SKILL.md here',
      'home/skills/mine/SKILL.md': skill('mine', 'Mine'),
    });
    const { skills, problems } = loadSkills(skillFolders(join(root, 'work'), join(root, 'home')));
    expect(skills.map((one) => [one.info.name, one.info.description, one.info.scope])).toEqual([
      ['pdf', 'Wave pdf', 'project'],
      ['lint', 'Lints', 'project'],
      ['nodesc', '', 'project'],
      ['old-hidden', 'Hidden the older way', 'project'],
      ['mine', 'Mine', 'user'],
    ]);
    expect(skills[0]?.body).toBe('Body of pdf.');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"description" is missing');
    // Hidden from the model, and the broken one not offered.
    expect(offeredSkills(skills).map((one) => one.info.name)).toEqual(['pdf', 'mine']);
  });
});
