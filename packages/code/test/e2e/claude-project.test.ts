// A repository laid out for Claude Code works in Wave unchanged: `wave -p` (the real CLI, from
// source) in a temporary repository with CLAUDE.md and its imports, `.claude/commands/` and
// `.claude/skills/`, against tools/mock-llm, asserting on what the model was sent.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastUserText, providerEnv, startMock, systemText } from './mock-model.js';
import { trustFolder } from './trusted-folder.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

let home: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('home');
  repo = tempDir('claude-repo');
  mkdirSync(join(repo.path, '.git'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  repo.remove();
});

function write(root: string, path: string, text: string): string {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

const ONE_REPLY: Scenario = {
  name: 'reply',
  turns: [{ reply: [{ type: 'text', text: 'Done.' }] }],
};

async function print(
  prompt: string,
  scenario: Scenario = ONE_REPLY,
  cwd = repo.path,
  flags: readonly string[] = [],
) {
  mock = await startMock(scenario);
  const run = await runWave(['-p', prompt, ...flags], {
    cwd,
    env: cleanEnv({
      WAVE_HOME: home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('anthropic', mock.url),
    }),
  });
  return { run, requests: mock.requests.filter((request) => request.method === 'POST') };
}

describe('memory: a Claude Code project', () => {
  it('sends the user file, then CLAUDE.md with its import, the rules, and the nearer folder, in order', async () => {
    write(home.path, 'AGENTS.md', 'USER-MEMORY answer in English');
    write(
      repo.path,
      'CLAUDE.md',
      '# Project\nROOT-MEMORY\n@docs/conventions.md\n`@docs/not-imported.md`\n',
    );
    write(repo.path, 'docs/conventions.md', 'IMPORTED-CONVENTIONS use tabs');
    write(repo.path, 'docs/not-imported.md', 'NOT-IMPORTED');
    write(repo.path, '.claude/rules/testing.md', 'RULE-TESTING write tests first');
    const pkg = join(repo.path, 'packages', 'app');
    write(pkg, 'AGENTS.md', 'PACKAGE-MEMORY app is ESM');
    const { run, requests } = await print('hello', ONE_REPLY, pkg);
    expect(run.code, run.stderr).toBe(0);
    const system = systemText(requests[0]?.body);
    const order = [
      'USER-MEMORY',
      'ROOT-MEMORY',
      'IMPORTED-CONVENTIONS',
      'RULE-TESTING',
      'PACKAGE-MEMORY',
    ].map((marker) => system.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(system).not.toContain('NOT-IMPORTED');
  });

  it('reads CLAUDE.local.md after CLAUDE.md, with its imports', async () => {
    write(repo.path, 'CLAUDE.md', 'SHARED-MEMORY');
    write(repo.path, 'CLAUDE.local.md', 'LOCAL-MEMORY my sandbox URL\n@notes/me.md\n');
    write(repo.path, 'notes/me.md', 'LOCAL-IMPORT');
    const { run, requests } = await print('hello');
    expect(run.code, run.stderr).toBe(0);
    const system = systemText(requests[0]?.body);
    const order = ['SHARED-MEMORY', 'LOCAL-MEMORY', 'LOCAL-IMPORT'].map((m) => system.indexOf(m));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it('says on stderr when an import is missing, and still answers', async () => {
    write(repo.path, 'CLAUDE.md', 'ROOT\n@docs/gone.md\n');
    const { run, requests } = await print('hello');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `imports ${join(repo.path, 'docs', 'gone.md')}, which does not exist`,
    );
    expect(systemText(requests[0]?.body)).toContain('ROOT');
  });
});

const REVIEW = [
  '---',
  'description: Review a change',
  'argument-hint: <change> [focus]',
  'allowed-tools: Bash(echo:*)',
  '---',
  'Review change $1 with a focus on $2.',
  'Status:',
  '!`echo STATUS-OUTPUT`',
  'Not covered by the rule: !`touch NOT-ALLOWED`',
  'The entry point is @src/app.ts',
].join('\n');

describe('custom commands: .claude/commands/review.md', () => {
  it("sends the expanded command: arguments, the ! line's output and the @file, in a trusted folder", async () => {
    write(repo.path, '.claude/commands/review.md', REVIEW);
    write(repo.path, 'src/app.ts', 'export const APP_SOURCE = 1;');
    trustFolder(home.path, repo.path, []);
    const { run, requests } = await print('/review 42 "error handling"');
    expect(run.code, run.stderr).toBe(0);
    const sent = lastUserText(requests[0]?.body);
    expect(sent).toContain('Review change 42 with a focus on error handling.');
    expect(sent).toContain('STATUS-OUTPUT');
    expect(sent).not.toContain('!`echo');
    expect(sent).toContain('export const APP_SOURCE = 1;');
    expect(sent).not.toContain('/review');
    // allowed-tools is a rule (Bash(echo:*)), not the whole tool: touch was not allowed.
    expect(sent).toContain('`touch NOT-ALLOWED` was not run');
    expect(existsSync(join(repo.path, 'NOT-ALLOWED'))).toBe(false);
  });

  it("does not run the ! line in an untrusted folder: the command's allowed-tools do not apply, and nobody can be asked", async () => {
    write(repo.path, '.claude/commands/review.md', REVIEW);
    write(repo.path, 'src/app.ts', 'export const APP_SOURCE = 1;');
    const { run, requests } = await print('/review 42');
    expect(run.code, run.stderr).toBe(0);
    const sent = lastUserText(requests[0]?.body);
    expect(sent).toContain('Review change 42');
    expect(sent).toContain('`echo STATUS-OUTPUT` was not run');
    expect(sent).not.toMatch(/^STATUS-OUTPUT/m);
  });

  it('.wave/commands wins over .claude/commands; a command that fails to parse ends the turn with the reason', async () => {
    write(repo.path, '.claude/commands/hello.md', 'CLAUDE-HELLO');
    write(repo.path, '.wave/commands/hello.md', 'WAVE-HELLO $ARGUMENTS');
    const first = await print('/hello there');
    expect(lastUserText(first.requests[0]?.body)).toBe('WAVE-HELLO there');
    await mock?.close();
    write(repo.path, '.claude/commands/broken.md', '---\ndescription: [oops\n---\nBody');
    const { run, requests } = await print('/broken');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/broken\.md cannot be used: its front matter is not valid YAML/);
    expect(requests).toHaveLength(0);
  });
});

describe('skills: .claude/skills/x/SKILL.md', () => {
  const SKILL = [
    '---',
    'name: release-notes',
    'description: Writes release notes from the git log. Use when asked for release notes.',
    '---',
    'SKILL-BODY: read CHANGELOG-TEMPLATE.md in this folder, then list the changes by kind.',
  ].join('\n');

  it("sends the skill's name and description first, and its body only after the model's Skill call", async () => {
    write(repo.path, '.claude/skills/release-notes/SKILL.md', SKILL);
    const scenario: Scenario = {
      name: 'skill',
      turns: [
        { reply: [{ type: 'tool_call', name: 'Skill', input: { skill: 'release-notes' } }] },
        { reply: [{ type: 'text', text: 'Notes written.' }] },
      ],
    };
    const { run, requests } = await print('Write the release notes.', scenario);
    expect(run.code, run.stderr).toBe(0);
    expect(requests).toHaveLength(2);
    const first = JSON.stringify(requests[0]?.body);
    expect(systemText(requests[0]?.body)).toContain(
      '- release-notes: Writes release notes from the git log. Use when asked for release notes.',
    );
    expect(first).toContain('"name":"Skill"');
    expect(first).not.toContain('SKILL-BODY');
    expect(JSON.stringify(requests[1]?.body)).toContain('SKILL-BODY: read CHANGELOG-TEMPLATE.md');
    expect(run.stderr).toContain('→ Skill(release-notes)');
  });

  it("makes a user skill's own files readable once it is loaded (they are outside the work folder)", async () => {
    write(home.path, 'skills/release-notes/SKILL.md', SKILL);
    const template = write(
      home.path,
      'skills/release-notes/CHANGELOG-TEMPLATE.md',
      'TEMPLATE-TEXT',
    );
    const readTemplate = {
      type: 'tool_call' as const,
      name: 'Read',
      input: { file_path: template },
    };
    const scenario: Scenario = {
      name: 'skill-files',
      turns: [
        { reply: [readTemplate] },
        { reply: [{ type: 'tool_call', name: 'Skill', input: { skill: 'release-notes' } }] },
        { reply: [readTemplate] },
        { reply: [{ type: 'text', text: 'Done.' }] },
      ],
    };
    const { run, requests } = await print('Write the release notes.', scenario);
    expect(run.code, run.stderr).toBe(0);
    // Before the skill is loaded, reading outside the work folder is refused (nobody to ask).
    expect(JSON.stringify(requests[1]?.body)).toContain('reaches outside the working directory');
    expect(JSON.stringify(requests[1]?.body)).not.toContain('TEMPLATE-TEXT');
    expect(JSON.stringify(requests[3]?.body)).toContain('TEMPLATE-TEXT');
  });

  it('offers no Skill tool when there are no skills', async () => {
    const { requests } = await print('hello');
    expect(JSON.stringify(requests[0]?.body)).not.toContain('"name":"Skill"');
  });
});

describe("Claude Code 2.1's tool names", () => {
  const explore = (type: string): Scenario => ({
    name: 'agent-rule',
    turns: [
      {
        reply: [
          {
            type: 'tool_call',
            name: 'Agent',
            input: { description: 'Look around', prompt: 'look', subagent_type: type },
          },
        ],
      },
      { reply: [{ type: 'text', text: 'child report' }] },
      { reply: [{ type: 'text', text: 'Done.' }] },
    ],
  });

  it('offers Agent, TaskOutput and TaskStop, and an Agent(Explore) deny rule stops that subagent', async () => {
    write(
      repo.path,
      '.claude/settings.json',
      JSON.stringify({ permissions: { deny: ['Agent(Explore)'] } }),
    );
    const { run, requests } = await print('Explore.', explore('Explore'));
    expect(run.code, run.stderr).toBe(0);
    const tools = (requests[0]?.body as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['Agent', 'TaskOutput', 'TaskStop']));
    expect(tools).not.toContain('Task');
    expect(tools).not.toContain('BashOutput');
    expect(run.stderr).not.toContain('Claude Code');
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[1]?.body)).toContain('Agent(Explore)');
  });

  it('reads the old name Task(Explore) as Agent(Explore), and lets other kinds run', async () => {
    write(
      repo.path,
      '.claude/settings.json',
      JSON.stringify({ permissions: { deny: ['Task(Explore)'] } }),
    );
    const denied = await print('Explore.', explore('Explore'));
    expect(denied.requests).toHaveLength(2);
    expect(JSON.stringify(denied.requests[1]?.body)).toContain('Task(Explore)');
    await mock?.close();
    const { run, requests } = await print('Look.', explore('general-purpose'));
    expect(run.code, run.stderr).toBe(0);
    // The subagent ran: its own call, then the parent's answer with its report.
    expect(requests).toHaveLength(3);
    expect(JSON.stringify(requests[2]?.body)).toContain('child report');
  });
});

describe('a skill run as /skill-name', () => {
  const SKILL = [
    '---',
    'name: changelog',
    'description: Writes the changelog entry for a version.',
    'argument-hint: <version>',
    'allowed-tools: Bash(echo:*)',
    '---',
    'CHANGELOG-SKILL for version $ARGUMENTS.',
    'Today: !`echo SKILL-SHELL-OUTPUT`',
  ].join('\n');

  it('sends its body with the arguments and its ! lines run, in a trusted folder', async () => {
    const skillFile = write(repo.path, '.claude/skills/changelog/SKILL.md', SKILL);
    trustFolder(home.path, repo.path, []);
    const { run, requests } = await print('/changelog 2.1.0');
    expect(run.code, run.stderr).toBe(0);
    const sent = lastUserText(requests[0]?.body);
    expect(sent).toContain('CHANGELOG-SKILL for version 2.1.0.');
    expect(sent).toContain('SKILL-SHELL-OUTPUT');
    expect(sent).toContain(`Base directory for this skill: ${dirname(skillFile)}`);
  });

  it('leaves a name a command takes to the command, and a user-invocable: false skill to the model', async () => {
    write(repo.path, '.claude/skills/changelog/SKILL.md', SKILL);
    write(repo.path, '.claude/commands/changelog.md', 'COMMAND-WINS $ARGUMENTS');
    write(
      repo.path,
      '.claude/skills/hidden/SKILL.md',
      '---\nname: hidden\ndescription: Only for the model.\nuser-invocable: false\n---\nHIDDEN-BODY',
    );
    const first = await print('/changelog 3');
    expect(lastUserText(first.requests[0]?.body)).toBe('COMMAND-WINS 3');
    await mock?.close();
    const second = await print('/hidden now');
    expect(lastUserText(second.requests[0]?.body)).toBe('/hidden now');
  });
});

describe('/init', () => {
  const WRITE_AGENTS: Scenario = {
    name: 'init',
    turns: [
      {
        reply: [
          {
            type: 'tool_call',
            name: 'Write',
            input: { file_path: 'AGENTS.md', content: '# Agents\nRun pnpm test.\n' },
          },
        ],
      },
      { reply: [{ type: 'text', text: 'Wrote AGENTS.md.' }] },
    ],
  };

  it("asks the model to write an AGENTS.md, which goes through the Write tool's permission", async () => {
    const denied = await print('/init', WRITE_AGENTS);
    expect(lastUserText(denied.requests[0]?.body)).toContain('write an AGENTS.md file');
    expect(denied.run.stderr).toMatch(/Write\(AGENTS\.md\).*changes files/);
    expect(existsSync(join(repo.path, 'AGENTS.md'))).toBe(false);
    await mock?.close();
    const allowed = await print('/init', WRITE_AGENTS, repo.path, [
      '--permission-mode',
      'acceptEdits',
    ]);
    expect(allowed.run.code, allowed.run.stderr).toBe(0);
    expect(readFileSync(join(repo.path, 'AGENTS.md'), 'utf8')).toBe('# Agents\nRun pnpm test.\n');
  });
});
