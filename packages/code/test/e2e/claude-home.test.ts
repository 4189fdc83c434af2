// A Claude Code user's own setup works in Wave without copying a file: `wave -p` (the real CLI)
// with a temporary HOME whose ~/.claude holds settings.json (rules, a hook), CLAUDE.md,
// commands/, skills/ and agents/, against tools/mock-llm, asserting on what the model was sent
// and what ran. Never the real HOME.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastUserText, providerEnv, startMock, systemText } from './mock-model.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

let home: ReturnType<typeof tempDir>;
let waveHome: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('user-home');
  waveHome = tempDir('wave-home');
  repo = tempDir('repo');
  mkdirSync(join(repo.path, '.git'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  waveHome.remove();
  repo.remove();
});

function write(root: string, path: string, text: string): string {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

const claude = (path: string, text: string) => write(home.path, join('.claude', path), text);

const ONE_REPLY: Scenario = {
  name: 'reply',
  turns: [{ reply: [{ type: 'text', text: 'Done.' }] }],
};

async function print(prompt: string, scenario: Scenario = ONE_REPLY) {
  mock = await startMock(scenario);
  const run = await runWave(['-p', prompt], {
    cwd: repo.path,
    env: cleanEnv({
      HOME: home.path,
      // Claude Code's folder found as Claude Code finds it: under HOME.
      CLAUDE_CONFIG_DIR: '',
      WAVE_HOME: waveHome.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('anthropic', mock.url),
    }),
  });
  return { run, requests: mock.requests.filter((request) => request.method === 'POST') };
}

/** A user's ~/.claude as Claude Code users have it. */
function claudeSetup(): { hookOut: string } {
  claude('CLAUDE.md', 'CLAUDE-HOME-MEMORY: answer tersely.');
  claude('commands/hello.md', '---\ndescription: Greets\n---\nCLAUDE-HOME-HELLO $ARGUMENTS');
  claude('commands/both.md', 'CLAUDE-HOME-BOTH');
  write(waveHome.path, 'commands/both.md', 'WAVE-HOME-BOTH');
  claude(
    'skills/notes/SKILL.md',
    '---\nname: notes\ndescription: Keeps meeting notes tidy.\n---\nNOTES-BODY',
  );
  claude(
    'agents/scout.md',
    '---\nname: scout\ndescription: Scouts the code base for the caller.\ntools: Read, Grep\n---\nYou scout.',
  );
  const hookOut = join(home.path, 'hook-ran');
  const hook = claude('hooks/prompt.sh', `#!/bin/sh\ncat > "${hookOut}"\n`);
  chmodSync(hook, 0o755);
  claude(
    'settings.json',
    JSON.stringify({
      permissions: { allow: ['Bash(awk:*)'] },
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: hook }] }] },
    }),
  );
  return { hookOut };
}

const ECHO: Scenario = {
  name: 'echo',
  turns: [
    // awk is off the read-only list (it can run programs): only the allow rule lets it run.
    {
      reply: [
        { type: 'tool_call', name: 'Bash', input: { command: `awk 'BEGIN { print "RAN" "OK" }'` } },
      ],
    },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

describe("the user's ~/.claude", () => {
  it('sends its CLAUDE.md, skills and agents to the model, beside $WAVE_HOME', async () => {
    claudeSetup();
    write(waveHome.path, 'AGENTS.md', 'WAVE-HOME-MEMORY');
    const { run, requests } = await print('hello');
    expect(run.code, run.stderr).toBe(0);
    const system = systemText(requests[0]?.body);
    // Claude Code's file first, Wave's after it (the later one has the last word).
    expect(system.indexOf('CLAUDE-HOME-MEMORY')).toBeGreaterThan(-1);
    expect(system.indexOf('CLAUDE-HOME-MEMORY')).toBeLessThan(system.indexOf('WAVE-HOME-MEMORY'));
    expect(system).toContain('- notes: Keeps meeting notes tidy.');
    const agent = (
      requests[0]?.body as { tools: { name: string; description: string }[] }
    ).tools.find((tool) => tool.name === 'Agent');
    expect(agent?.description).toContain('- scout: Scouts the code base for the caller.');
  });

  it("runs its commands, $WAVE_HOME's winning a name both have", async () => {
    claudeSetup();
    const hello = await print('/hello there');
    expect(hello.run.code, hello.run.stderr).toBe(0);
    expect(lastUserText(hello.requests[0]?.body)).toBe('CLAUDE-HOME-HELLO there');
    await mock?.close();
    const both = await print('/both');
    expect(lastUserText(both.requests[0]?.body)).toBe('WAVE-HOME-BOTH');
  });

  it("applies its settings.json's rules and runs its hooks as the user's own, in a folder nobody trusted", async () => {
    const { hookOut } = claudeSetup();
    const { run, requests } = await print('say it', ECHO);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(requests[1]?.body)).toContain('RANOK');
    expect(JSON.parse(readFileSync(hookOut, 'utf8'))).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'say it',
    });
  });

  it('reads none of it when the user\'s settings say "readClaudeHome": false', async () => {
    const { hookOut } = claudeSetup();
    write(waveHome.path, 'settings.json', JSON.stringify({ readClaudeHome: false }));
    const { run, requests } = await print('say it', ECHO);
    expect(run.code, run.stderr).toBe(0);
    expect(systemText(requests[0]?.body)).not.toContain('CLAUDE-HOME-MEMORY');
    expect(JSON.stringify(requests[0]?.body)).not.toContain('scout');
    // Without ~/.claude's allow rule nobody can be asked, so the command does not run.
    expect(JSON.stringify(requests[1]?.body)).not.toContain('RANOK');
    expect(existsSync(hookOut)).toBe(false);
    await mock?.close();
    const hello = await print('/hello there');
    expect(lastUserText(hello.requests[0]?.body)).toBe('/hello there');
  });

  it('finds the folder CLAUDE_CONFIG_DIR names, as Claude Code does', async () => {
    const elsewhere = tempDir('claude-config');
    try {
      write(elsewhere.path, 'CLAUDE.md', 'CONFIG-DIR-MEMORY');
      mock = await startMock(ONE_REPLY);
      const run = await runWave(['-p', 'hello'], {
        cwd: repo.path,
        env: cleanEnv({
          HOME: home.path,
          CLAUDE_CONFIG_DIR: elsewhere.path,
          WAVE_HOME: waveHome.path,
          ...providerEnv('anthropic', mock.url),
        }),
      });
      expect(run.code, run.stderr).toBe(0);
      expect(systemText(mock.requests[0]?.body)).toContain('CONFIG-DIR-MEMORY');
    } finally {
      elsewhere.remove();
    }
  });
});
