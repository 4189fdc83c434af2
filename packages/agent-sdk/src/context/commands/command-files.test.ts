import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFolders, loadCustomCommands } from './command-files.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wave-commands-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const load = (root: string, builtin: readonly string[] = ['help']) =>
  loadCustomCommands(commandFolders(join(root, 'work'), join(root, 'home')), new Set(builtin));

describe('loadCustomCommands', () => {
  it('reads front matter with the yaml library, names sub-folders as namespaces, and lets .wave/ win', () => {
    const root = tree({
      'work/.claude/commands/review.md': [
        '---',
        'description: Review a pull request',
        'argument-hint: <pr-number> [focus]',
        'allowed-tools: Bash(git diff:*), Read',
        'model: fast',
        'disable-model-invocation: true',
        '---',
        'Review PR $1.',
      ].join('\n'),
      'work/.wave/commands/review.md':
        '---\ndescription: The Wave one\n---\nWave review $ARGUMENTS',
      'work/.claude/commands/frontend/component.md': '# Make a component\nCreate $ARGUMENTS.',
      'home/commands/mine.md': '---\nallowed-tools: [Read, Grep]\n---\nMine.',
    });
    const { commands, problems } = load(root);
    expect(problems).toEqual([]);
    const byName = new Map(commands.map((command) => [command.info.name, command]));
    expect([...byName.keys()].sort()).toEqual(['frontend:component', 'mine', 'review']);
    const review = byName.get('review');
    expect(review?.info.description).toBe('The Wave one');
    expect(review?.info.source).toBe(join(root, 'work', '.wave', 'commands', 'review.md'));
    expect(review?.info.shadows).toEqual([join(root, 'work', '.claude', 'commands', 'review.md')]);
    expect(review?.info.scope).toBe('project');
    // The description falls back to the body's first line.
    expect(byName.get('frontend:component')?.info.description).toBe('Make a component');
    expect(byName.get('mine')?.allowedTools).toEqual(['Read', 'Grep']);
    expect(byName.get('mine')?.info.scope).toBe('user');
  });

  it('parses every Claude Code field', () => {
    const root = tree({
      'work/.claude/commands/review.md': [
        '---',
        'description: Review',
        'argument-hint: <pr-number>',
        'allowed-tools: Bash(git diff:*), Read',
        'model: fast',
        'disable-model-invocation: true',
        '---',
        'Body',
      ].join('\n'),
    });
    const [review] = load(root).commands;
    expect(review).toMatchObject({
      info: { name: 'review', description: 'Review', argumentHint: '<pr-number>' },
      body: 'Body',
      allowedTools: ['Bash(git diff:*)', 'Read'],
      model: 'fast',
      disableModelInvocation: true,
    });
  });

  it('lists a command that cannot be used with the reason: bad YAML, a built-in name, an untypable name', () => {
    const root = tree({
      'work/.claude/commands/broken.md': '---\ndescription: [unclosed\n---\nBody',
      'work/.claude/commands/help.md': 'My help',
      'work/.claude/commands/two words.md': 'x',
    });
    const { commands, problems } = load(root);
    const byName = new Map(commands.map((command) => [command.info.name, command.info]));
    expect(byName.get('broken')?.problem).toMatch(/front matter is not valid YAML/);
    expect(byName.get('help')?.problem).toMatch(/built-in command/);
    expect(byName.get('two words')?.problem).toMatch(/cannot be typed/);
    expect(problems).toHaveLength(3);
  });
});
