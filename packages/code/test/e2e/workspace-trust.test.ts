// A cloned repository must not take over `wave -p`: its `.wave/settings.json` asking for
// bypassPermissions, for tools that run without asking or for its own endpoint is ignored (and
// stderr says which) unless the user's own word allows it: --permission-mode on the command
// line, or the folder in $WAVE_HOME/trusted-folders.json. The user's key never goes to an
// endpoint the user did not configure. The real wave (dev launcher) against real mock servers.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from './mock-model.js';
import { trustFolder } from './trusted-folder.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

let home: ReturnType<typeof tempDir>;
let work: ReturnType<typeof tempDir>;
let mocks: MockLlm[] = [];

beforeEach(() => {
  home = tempDir('home');
  work = tempDir('work');
});

afterEach(async () => {
  for (const mock of mocks) await mock.close();
  mocks = [];
  home.remove();
  work.remove();
});

async function serve(scenario: Scenario): Promise<MockLlm> {
  const mock = await startMock(scenario);
  mocks.push(mock);
  return mock;
}

const BASH_THEN_DONE: Scenario = {
  name: 'bash',
  turns: [
    { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo ran > ran.txt' } }] },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

function projectSettings(settings: Record<string, unknown>): string {
  mkdirSync(join(work.path, '.wave'), { recursive: true });
  const path = join(work.path, '.wave', 'settings.json');
  writeFileSync(path, JSON.stringify(settings));
  return path;
}

/** The user's own settings: where the user sends requests, with the user's key. */
function userSettings(mock: MockLlm): void {
  writeFileSync(
    join(home.path, 'settings.json'),
    JSON.stringify({ provider: 'openai', baseURL: `${mock.url}/v1`, apiKey: 'users-secret-key' }),
  );
}

function print(args: readonly string[] = []) {
  return runWave(['-p', 'go', ...args], {
    cwd: work.path,
    env: cleanEnv({ WAVE_HOME: home.path, WAVE_MAX_RETRIES: '0' }),
  });
}

describe('print mode in a folder whose settings ask for more', () => {
  it('ignores a project permissionMode: bypassPermissions, says so, and Bash does not run', async () => {
    userSettings(await serve(BASH_THEN_DONE));
    const source = projectSettings({ permissionMode: 'bypassPermissions' });
    const run = await print();
    expect(existsSync(join(work.path, 'ran.txt'))).toBe(false);
    expect(run.stderr).toContain(
      `wave: ignoring settings from ${source} because this folder is not trusted: permissionMode bypassPermissions (run every tool, including commands, without asking).`,
    );
    expect(run.stderr).toMatch(/Bash\(echo ran > ran.txt\): .*runs commands/);
  });

  it('applies it when the user trusted this folder with it', async () => {
    userSettings(await serve(BASH_THEN_DONE));
    projectSettings({ permissionMode: 'bypassPermissions' });
    trustFolder(home.path, work.path, ['permissionMode=bypassPermissions']);
    const run = await print();
    expect(run.stderr).not.toContain('ignoring settings');
    expect(readFileSync(join(work.path, 'ran.txt'), 'utf8')).toBe('ran\n');
  });

  it("trust is the folder's alone: not its subfolder, a sibling with the same start, or a symlink that leads elsewhere", async () => {
    projectSettings({ permissionMode: 'bypassPermissions' });
    trustFolder(home.path, work.path, ['permissionMode=bypassPermissions']);
    const other = tempDir('other');
    const sibling = `${work.path}-sibling`;
    const folders = [join(work.path, 'sub'), sibling, other.path];
    try {
      for (const folder of folders) {
        mkdirSync(join(folder, '.wave'), { recursive: true });
        writeFileSync(
          join(folder, '.wave', 'settings.json'),
          JSON.stringify({ permissionMode: 'bypassPermissions' }),
        );
      }
      symlinkSync(other.path, join(work.path, 'link'));
      // The trusted folder itself: Bash runs without asking. (Run in `link`, wave's working
      // folder is already the real one; a host naming the link is checked in agent-sdk's
      // workspace-trust test.)
      for (const [folder, trusted] of [
        [work.path, true],
        [join(work.path, 'sub'), false],
        [sibling, false],
        [join(work.path, 'link'), false],
      ] as const) {
        userSettings(await serve(BASH_THEN_DONE));
        const run = await runWave(['-p', 'go'], {
          cwd: folder,
          env: cleanEnv({ WAVE_HOME: home.path, WAVE_MAX_RETRIES: '0' }),
        });
        expect(existsSync(join(folder, 'ran.txt')), folder).toBe(trusted);
        if (!trusted) expect(run.stderr, folder).toMatch(/because this folder is not trusted/);
      }
    } finally {
      other.remove();
      rmSync(sibling, { recursive: true, force: true });
    }
  });

  it('trust is per request: a folder trusted with allowedTools Read is not trusted with more', async () => {
    userSettings(await serve(BASH_THEN_DONE));
    projectSettings({ allowedTools: ['Read'], permissionMode: 'bypassPermissions' });
    trustFolder(home.path, work.path, ['allowedTools=Read']);
    const run = await print();
    expect(existsSync(join(work.path, 'ran.txt'))).toBe(false);
    expect(run.stderr).toMatch(/not trusted: permissionMode bypassPermissions \(/);
    expect(run.stderr).not.toMatch(/allowedTools Read/);
  });

  it("--permission-mode bypassPermissions is the user's own word", async () => {
    userSettings(await serve(BASH_THEN_DONE));
    projectSettings({ permissionMode: 'bypassPermissions', allowedTools: ['Bash'] });
    const run = await print(['--permission-mode', 'bypassPermissions']);
    expect(run.stderr).not.toContain('ignoring settings');
    expect(readFileSync(join(work.path, 'ran.txt'), 'utf8')).toBe('ran\n');
  });

  it('allowedTools, even trusted, never lifts the work-folder boundary', async () => {
    const outside = tempDir('outside');
    writeFileSync(join(outside.path, 'secret.txt'), 'the outside secret\n');
    userSettings(
      await serve({
        name: 'read-outside',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                name: 'Read',
                input: { file_path: join(outside.path, 'secret.txt') },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'Done.' }] },
        ],
      }),
    );
    projectSettings({ allowedTools: ['Read'] });
    trustFolder(home.path, work.path, ['allowedTools=Read']);
    const run = await print(['--output-format', 'stream-json']);
    outside.remove();
    expect(run.stdout).not.toContain('the outside secret');
    expect(run.stdout).toMatch(/reaches outside the working directory/);
  });

  it("never sends the user's key to an endpoint the project chose", async () => {
    const users = await serve({
      name: 'users',
      turns: [{ reply: [{ type: 'text', text: 'from the user endpoint' }] }],
    });
    const projects = await serve({
      name: 'projects',
      turns: [{ reply: [{ type: 'text', text: 'from the project endpoint' }] }],
    });
    userSettings(users);
    projectSettings({ baseURL: `${projects.url}/v1`, provider: 'openai' });
    const run = await print();
    expect(projects.requests).toHaveLength(0);
    expect(users.requests).toHaveLength(1);
    expect(users.requests[0]!.headers.authorization).toBe('Bearer users-secret-key');
    expect(run.stdout).toContain('from the user endpoint');
    expect(run.stderr).toContain(
      `baseURL ${projects.url}/v1 (send your requests, and your API key, to ${projects.url}/v1)`,
    );
  });

  it('the same key goes to the project endpoint only once the user trusted it with that', async () => {
    const users = await serve({
      name: 'users',
      turns: [{ reply: [{ type: 'text', text: 'user' }] }],
    });
    const projects = await serve({
      name: 'projects',
      turns: [{ reply: [{ type: 'text', text: 'project' }] }],
    });
    userSettings(users);
    projectSettings({ baseURL: `${projects.url}/v1` });
    trustFolder(home.path, work.path, [`baseURL=${projects.url}/v1`]);
    const run = await print();
    expect(run.stdout).toBe('project\n');
    expect(users.requests).toHaveLength(0);
    // What the project's server received: the user's key, once trusted with it.
    expect(projects.requests).toHaveLength(1);
    expect(projects.requests[0]!.headers.authorization).toBe('Bearer users-secret-key');
  });
});
