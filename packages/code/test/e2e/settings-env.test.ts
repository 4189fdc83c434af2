// The `env` key of the settings files as a user meets it: `wave -p` (the real CLI) in a temporary
// project against tools/mock-llm; a Bash command and a hook print the variables they got, and the
// model's tool result says what the command saw. A project's variables wait for trust; the
// user's (~/.claude/settings.json, $WAVE_HOME/settings.json) do not; a key is never set from a
// file.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/settings/load-settings.js';
import { projectRequests } from '../../src/settings/project-trust.js';
import { providerEnv, startMock } from './mock-model.js';
import { trustFolder } from './trusted-folder.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

let claudeHome: ReturnType<typeof tempDir>;
let waveHome: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  claudeHome = tempDir('claude-home');
  waveHome = tempDir('wave-home');
  repo = tempDir('repo');
  mkdirSync(join(repo.path, '.git'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  claudeHome.remove();
  waveHome.remove();
  repo.remove();
});

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
}

const SHOW = 'printf "{{%s|%s|%s}}" "$FROM_PROJECT" "$FROM_USER" "$SOME_API_KEY"';

const SHOW_ENV: Scenario = {
  name: 'show-env',
  turns: [
    { reply: [{ type: 'tool_call', name: 'Bash', input: { command: SHOW } }] },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

async function print() {
  mock = await startMock(SHOW_ENV);
  const run = await runWave(['-p', 'show', '--permission-mode', 'bypassPermissions'], {
    cwd: repo.path,
    env: cleanEnv({
      WAVE_HOME: waveHome.path,
      CLAUDE_CONFIG_DIR: claudeHome.path,
      WAVE_MAX_RETRIES: '0',
      SOME_API_KEY: 'from-shell',
      ...providerEnv('anthropic', mock.url),
    }),
  });
  const result = JSON.stringify(mock.requests[1]?.body ?? null);
  // The command's output, not its text (which has %s where the output has values).
  const seen = /\{\{([^|"%]*)\|([^|"%]*)\|([^}"%]*)\}\}/.exec(result)?.slice(1);
  return { run, seen };
}

function settingsFiles(): string {
  // A hook prints what it got to a file, for the hook's side.
  const hook = join(repo.path, '.claude', 'hooks', 'env.sh');
  write(hook, `#!/bin/sh\nprintf '%s' "$FROM_PROJECT" > "${join(repo.path, 'hook-saw')}"\n`);
  chmodSync(hook, 0o755);
  write(join(repo.path, '.claude', 'settings.json'), {
    env: { FROM_PROJECT: 'project-value', SOME_API_KEY: 'from-the-repository' },
    hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: hook }] }] },
  });
  write(join(claudeHome.path, 'settings.json'), { env: { FROM_USER: 'claude-user-value' } });
  return hook;
}

describe('the env key of the settings files', () => {
  it("gives the user's variables at once and the project's none until the folder is trusted; never a key", async () => {
    settingsFiles();
    const { run, seen } = await print();
    expect(run.code, run.stderr).toBe(0);
    expect(seen).toEqual(['', 'claude-user-value', 'from-shell']);
    expect(run.stderr).toContain(
      '"env.SOME_API_KEY" at ' +
        join(repo.path, '.claude', 'settings.json') +
        ':1:40 is ignored: SOME_API_KEY holds a key',
    );
  });

  it("gives the project's variables to commands and hooks once trusted, over the user's of the same name", async () => {
    settingsFiles();
    write(join(waveHome.path, 'settings.json'), { env: { FROM_PROJECT: 'user-value' } });
    const loaded = loadSettings({ waveHome: waveHome.path, workdir: repo.path });
    const keys = projectRequests(loaded, { env: {} }).map((request) => request.key);
    expect(keys).toEqual(
      expect.arrayContaining([expect.stringMatching(/^env\.FROM_PROJECT=sha256:/)]),
    );
    trustFolder(waveHome.path, repo.path, keys);
    const { run, seen } = await print();
    expect(run.code, run.stderr).toBe(0);
    expect(seen).toEqual(['project-value', 'claude-user-value', 'from-shell']);
    expect(readFileSync(join(repo.path, 'hook-saw'), 'utf8')).toBe('project-value');
  });

  it('asks again when a trusted variable changes its value', async () => {
    settingsFiles();
    const loaded = loadSettings({ waveHome: waveHome.path, workdir: repo.path });
    trustFolder(
      waveHome.path,
      repo.path,
      projectRequests(loaded, { env: {} }).map((request) => request.key),
    );
    write(join(repo.path, '.claude', 'settings.json'), { env: { FROM_PROJECT: 'changed' } });
    const { run, seen } = await print();
    expect(run.code, run.stderr).toBe(0);
    expect(seen?.[0]).toBe('');
    expect(run.stderr).toContain('env.FROM_PROJECT');
  });
});
