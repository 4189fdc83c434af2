// Subagent types from Markdown files on disk: Claude Code's format read as written, a folder's
// files narrowed to what the repository may say (never the model), the user's own winning over
// a folder's, built-in names kept, and every file or folder that could not be used said once.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentTypes } from './agent-files.js';

let workdir: string;
let waveHome: string;
let claudeHome: string;
beforeEach(() => {
  workdir = mkdtempSync(join(tmpdir(), 'wave-agents-work-'));
  waveHome = mkdtempSync(join(tmpdir(), 'wave-agents-home-'));
  claudeHome = mkdtempSync(join(tmpdir(), 'wave-agents-claude-'));
});
afterEach(() => {
  rmSync(workdir, { recursive: true, force: true });
  rmSync(waveHome, { recursive: true, force: true });
  rmSync(claudeHome, { recursive: true, force: true });
});

function agentFile(folder: string, file: string, text: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, file);
  writeFileSync(path, text);
  return path;
}
const projectAgents = () => join(workdir, '.wave', 'agents');
const userAgents = () => join(waveHome, 'agents');
const load = () => loadAgentTypes(workdir, waveHome, ['general-purpose', 'Explore'], claudeHome);

describe('agent files', () => {
  it("reads Claude Code's format: name, description, tools (either list form), model, the body as instructions", () => {
    const path = agentFile(
      userAgents(),
      'reviewer.md',
      '---\nname: reviewer\ndescription: "Reviews a change"\ntools: Read, Grep, Glob\nmodel: claude-haiku-4-5\n---\nYou are a careful reviewer.\n',
    );
    agentFile(
      userAgents(),
      'lister.md',
      "---\nname: lister\ndescription: Lists things\ntools: [LS, 'Glob']\nmodel: inherit\n---\n",
    );
    const { types, problems } = load();
    expect(problems).toEqual([]);
    expect(types).toEqual([
      {
        name: 'lister',
        description: 'Lists things',
        prompt: 'You are the lister subagent. Lists things',
        source: join(userAgents(), 'lister.md'),
        tools: ['LS', 'Glob'],
      },
      {
        name: 'reviewer',
        description: 'Reviews a change',
        prompt: 'You are a careful reviewer.',
        source: path,
        tools: ['Read', 'Grep', 'Glob'],
        model: 'claude-haiku-4-5',
      },
    ]);
  });

  it("a folder's file cannot choose the model: the type keeps the session's, and Wave says so", () => {
    const path = agentFile(
      projectAgents(),
      'fast.md',
      '---\nname: fast\ndescription: Quick answers\nmodel: some-costly-model\n---\nBe quick.\n',
    );
    const { types, problems } = load();
    expect(types).toEqual([
      { name: 'fast', description: 'Quick answers', prompt: 'Be quick.', source: path },
    ]);
    expect(problems).toEqual([
      `${path} asks for the model "some-costly-model"; a folder's agent file cannot choose the model (it is the repository's word), so this subagent uses the session's.`,
    ]);
  });

  it("the user's type wins over a folder's of the same name; built-in names are never replaced", () => {
    agentFile(projectAgents(), 'helper.md', '---\nname: helper\ndescription: from the repo\n---\n');
    agentFile(userAgents(), 'helper.md', '---\nname: helper\ndescription: my own\n---\n');
    agentFile(projectAgents(), 'explore.md', '---\nname: Explore\ndescription: all tools!\n---\n');
    const { types } = load();
    expect(types.map((type) => [type.name, type.description])).toEqual([['helper', 'my own']]);
  });

  it('skips a file it cannot use and says why: no front matter, a bad name, no description', () => {
    const none = agentFile(userAgents(), 'a.md', 'just text\n');
    const badName = agentFile(userAgents(), 'b.md', '---\nname: ../x\ndescription: d\n---\n');
    const noDescription = agentFile(userAgents(), 'c.md', '---\nname: c\n---\n');
    agentFile(userAgents(), 'notes.txt', 'not an agent file');
    const { types, problems } = load();
    expect(types).toEqual([]);
    expect(problems).toEqual([
      `${none} has no front matter (--- name, description ---), so it was skipped.`,
      `${badName}: "name" must be letters, digits, - or _ (at most 64), so it was skipped.`,
      `${noDescription}: "description" is missing, so it was skipped.`,
    ]);
  });

  it('says when a folder cannot be read, and how many files past the limit it left out', () => {
    mkdirSync(join(workdir, '.wave'), { recursive: true });
    writeFileSync(projectAgents(), 'a file where the folder should be');
    for (let index = 0; index < 52; index += 1)
      agentFile(
        userAgents(),
        `a${String(index).padStart(2, '0')}.md`,
        `---\nname: a${index}\ndescription: d\n---\n`,
      );
    const { types, problems } = load();
    expect(types).toHaveLength(50);
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${projectAgents()} could not be read \\(.*ENOTDIR.*\\), so no subagent types came from it\\.$`,
        ),
      ),
      `${userAgents()} has 52 agent files; only the first 50 (by name) were read.`,
    ]);
  });

  it("reads Claude Code's folders too: .claude/agents and ~/.claude/agents, Wave's own winning a name, the user's over a folder's", () => {
    agentFile(
      join(workdir, '.claude', 'agents'),
      'a.md',
      '---\nname: shared\ndescription: claude project\n---\n',
    );
    agentFile(
      join(workdir, '.claude', 'agents'),
      'b.md',
      '---\nname: repo-only\ndescription: from .claude\n---\n',
    );
    agentFile(projectAgents(), 'a.md', '---\nname: repo-only\ndescription: from .wave\n---\n');
    agentFile(
      join(claudeHome, 'agents'),
      'c.md',
      '---\nname: mine\ndescription: claude user\n---\n',
    );
    agentFile(
      join(claudeHome, 'agents'),
      'd.md',
      '---\nname: shared\ndescription: claude user\n---\n',
    );
    agentFile(userAgents(), 'd.md', '---\nname: mine\ndescription: wave user\n---\n');
    const { types, problems } = load();
    expect(problems).toEqual([]);
    expect(Object.fromEntries(types.map((type) => [type.name, type.description]))).toEqual({
      shared: 'claude user',
      'repo-only': 'from .wave',
      mine: 'wave user',
    });
  });

  it("takes Claude Code's front matter as YAML: lists, disallowedTools, old tool names, and says what it ignores", () => {
    const path = agentFile(
      join(claudeHome, 'agents'),
      'planner.md',
      [
        '---',
        'name: planner',
        'description: |',
        '  Plans work. Use it when a task needs a plan.',
        'tools:',
        '  - Read',
        '  - Grep',
        '  - Task',
        '  - NotebookEdit',
        'disallowedTools: Grep',
        'model: sonnet',
        'permissionMode: acceptEdits',
        'hooks: {}',
        'color: blue',
        '---',
        'You plan.',
      ].join('\n'),
    );
    const { types, problems } = load();
    expect(types).toEqual([
      {
        name: 'planner',
        description: 'Plans work. Use it when a task needs a plan.',
        prompt: 'You plan.',
        source: path,
        tools: ['Read', 'Grep', 'Agent', 'NotebookEdit'],
        disallowedTools: ['Grep'],
      },
    ]);
    expect(problems).toEqual([
      `${path}: "tools" names NotebookEdit, which Wave does not have; it is ignored.`,
      `${path} asks for the model "sonnet", Claude Code's alias; Wave's models are configured names or model ids, so this subagent uses the session's. Name one of your models to choose it.`,
      `${path}: Wave ignores "permissionMode", "hooks" (Claude Code's, not supported here); the subagent runs without them.`,
    ]);
  });

  it('finds no types and no problems where neither folder exists', () => {
    expect(load()).toEqual({ types: [], problems: [] });
  });
});
