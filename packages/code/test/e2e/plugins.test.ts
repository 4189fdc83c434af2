// Claude Code plugins, installed as a user installs them: `wave plugin marketplace add` of a local
// marketplace (test/e2e/fixtures/plugin-marketplace: plugins written for these tests in Claude
// Code's format), `wave plugin install|disable`, then `wave -p` (the real CLI) against
// tools/mock-llm, asserting on what the model was sent and what ran.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastUserText, providerEnv, startMock, systemText } from './mock-model.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

const MARKETPLACE = fileURLToPath(new URL('./fixtures/plugin-marketplace', import.meta.url));
const MP = 'wave-test-plugins';

let home: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('plugin-home');
  repo = tempDir('plugin-repo');
  mkdirSync(join(repo.path, '.git'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  repo.remove();
});

const env = (extra: Record<string, string> = {}) =>
  cleanEnv({ WAVE_HOME: home.path, WAVE_MAX_RETRIES: '0', ...extra });

async function plugin(...args: string[]) {
  const run = await runWave(['plugin', ...args], { cwd: repo.path, env: env() });
  expect(run.code, run.stderr).toBe(0);
  return run;
}

async function installAll(): Promise<void> {
  await plugin('marketplace', 'add', MARKETPLACE);
  for (const name of ['git-tools', 'explorers', 'guard', 'greeter', 'quiet'])
    await plugin(name === 'explorers' ? 'i' : 'install', `${name}@${MP}`);
  await plugin('disable', `quiet@${MP}`);
}

const DONE: Scenario = { name: 'done', turns: [{ reply: [{ type: 'text', text: 'Done.' }] }] };

async function print(prompt: string, scenario: Scenario = DONE, flags: readonly string[] = []) {
  mock = await startMock(scenario);
  const run = await runWave(['-p', prompt, ...flags], {
    cwd: repo.path,
    env: env(providerEnv('anthropic', mock.url)),
  });
  return { run, requests: mock.requests.filter((request) => request.method === 'POST') };
}

describe('wave plugin: a local marketplace', () => {
  it('adds, installs into $WAVE_HOME/plugins, records enabledPlugins, lists and disables', async () => {
    await installAll();
    const listed = JSON.parse((await plugin('list', '--json')).stdout) as {
      id: string;
      version: string;
      enabled: boolean;
      installPath: string;
    }[];
    expect(listed.map((row) => [row.id, row.version, row.enabled])).toStrictEqual([
      [`git-tools@${MP}`, '1.2.0', true],
      [`explorers@${MP}`, '0.1.0', true],
      [`guard@${MP}`, '2.0.0', true],
      [`greeter@${MP}`, '1.0.0', true],
      [`quiet@${MP}`, '1.0.0', false],
    ]);
    expect(listed[0]?.installPath).toBe(
      join(home.path, 'plugins', 'cache', MP, 'git-tools', '1.2.0'),
    );
    expect(existsSync(join(listed[0]!.installPath, 'commands', 'summary.md'))).toBe(true);
    const settings = JSON.parse(readFileSync(join(home.path, 'settings.json'), 'utf8')) as {
      enabledPlugins: Record<string, boolean>;
    };
    expect(settings.enabledPlugins[`quiet@${MP}`]).toBe(false);
    expect((await plugin('marketplace', 'list')).stdout).toContain(`${MP}\t${MARKETPLACE}`);
    await plugin('uninstall', `quiet@${MP}`);
    expect((await plugin('list')).stdout).not.toContain('quiet@');
    const help = await plugin('--help');
    for (const word of [
      'marketplace add',
      'install',
      'uninstall',
      'enable',
      'disable',
      'list',
      'validate',
    ])
      expect(help.stdout).toContain(word);
  });

  it('adds a marketplace from a git repository (cloned with git) and installs from it', async () => {
    const source = join(repo.path, 'marketplace-source');
    cpSync(MARKETPLACE, source, { recursive: true });
    const git = (...args: string[]) => {
      const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        cwd: source,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
    };
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'marketplace');
    const bare = join(repo.path, 'marketplace.git');
    git('clone', '-q', '--bare', source, bare);
    const added = await plugin('marketplace', 'add', `file://${bare}`);
    expect(added.stdout).toContain(`Added the marketplace ${MP}`);
    const clone = join(home.path, 'plugins', 'marketplaces', MP);
    expect(existsSync(join(clone, '.claude-plugin', 'marketplace.json'))).toBe(true);
    await plugin('install', `greeter@${MP}`);
    const { run, requests } = await print('hello');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(requests[0]?.body)).toContain('GREETER-CONTEXT');
    await plugin('marketplace', 'remove', MP);
    expect(existsSync(clone)).toBe(false);
    expect((await plugin('list')).stdout).not.toContain('greeter@');
  });

  it('validate names what is wrong with a plugin folder, and fails', async () => {
    const bad = join(repo.path, 'bad-plugin');
    mkdirSync(join(bad, '.claude-plugin'), { recursive: true });
    mkdirSync(join(bad, 'hooks'));
    writeFileSync(
      join(bad, '.claude-plugin', 'plugin.json'),
      '{"name": "bad", "commands": "../outside"}',
    );
    writeFileSync(join(bad, 'hooks', 'hooks.json'), '{"hooks": {"NoSuchEvent": []}}');
    const run = await runWave(['plugin', 'validate', bad], { cwd: repo.path, env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"commands" names ../outside, outside the plugin\'s folder');
    expect(run.stderr).toContain('"hooks.NoSuchEvent"');
    expect(run.stdout).toContain('2 problem(s)');
  });
});

describe('installed plugins in a session', () => {
  it('runs a namespaced command: allowed-tools as a JSON array, its !` ` lines and ```! block, not what the rules do not allow', async () => {
    await installAll();
    const { run, requests } = await print('/git-tools:summary the release');
    expect(run.code, run.stderr).toBe(0);
    const sent = lastUserText(requests[0]?.body);
    expect(sent).toContain('Inline: INLINE-OUTPUT');
    expect(sent).toContain('FENCED-FIRST\n42');
    expect(sent).not.toContain('```!');
    expect(sent).toContain('`touch NOT-ALLOWED` was not run');
    expect(existsSync(join(repo.path, 'NOT-ALLOWED'))).toBe(false);
    expect(sent).toContain('Summarise the release.');
  });

  it("a disabled plugin's command is not one, and its hooks do not run; an enabled SessionStart hook's text reaches the model", async () => {
    await installAll();
    const { run, requests } = await print('/quiet:hush');
    expect(run.code, run.stderr).toBe(0);
    expect(lastUserText(requests[0]?.body)).toContain('/quiet:hush');
    const body = JSON.stringify(requests[0]?.body);
    expect(body).not.toContain('QUIET-COMMAND-BODY');
    expect(body).not.toContain('QUIET-CONTEXT');
    expect(body).toContain('GREETER-CONTEXT from the greeter plugin');
  });

  it('hide-from-slash-command-tool: the skill is not offered to the model, the command still runs for the user', async () => {
    await plugin('marketplace', 'add', MARKETPLACE);
    await plugin('install', `notes@${MP}`);
    const { run, requests } = await print('/notes:private the draft');
    expect(run.code, run.stderr).toBe(0);
    const system = systemText(requests[0]?.body);
    expect(system).toContain('CHANGELOG-SKILL-OFFERED');
    expect(system).not.toContain('INTERNAL-NOTES-HIDDEN');
    expect(lastUserText(requests[0]?.body)).toContain('PRIVATE-COMMAND-BODY for the draft.');
  });

  it('offers the agent as explorers:code-explorer and runs it with its body as the system prompt', async () => {
    await installAll();
    const { run, requests } = await print('explore', {
      name: 'agent',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'toolu_1',
              name: 'Agent',
              input: {
                description: 'Trace login',
                prompt: 'trace the login flow',
                subagent_type: 'explorers:code-explorer',
              },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'CHILD-REPORT' }] },
        { reply: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    const tools = (requests[0]?.body as { tools: { name: string; description: string }[] }).tools;
    expect(tools.find((tool) => tool.name === 'Agent')?.description).toContain(
      'explorers:code-explorer',
    );
    expect(systemText(requests[1]?.body)).toContain('EXPLORER-SYSTEM-PROMPT');
    expect(JSON.stringify(requests[2]?.body)).toContain('CHILD-REPORT');
  });

  it('a hook plugin blocks the command its rule file names (CLAUDE_PLUGIN_ROOT), and keeps a log in its data folder', async () => {
    await installAll();
    const { run, requests } = await print('run them', {
      name: 'guarded',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'toolu_1',
              name: 'Bash',
              input: { command: 'echo forbidden-word' },
            },
          ],
        },
        {
          reply: [
            {
              type: 'tool_call',
              id: 'toolu_2',
              name: 'Bash',
              input: { command: 'echo fine-word' },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    const first = JSON.stringify(requests[1]?.body);
    expect(first).toContain('guard: \\"forbidden-word\\" is not allowed here');
    const second = JSON.stringify(requests[2]?.body);
    expect(second).toContain('fine-word');
    const log = readFileSync(join(home.path, 'plugins', 'data', `guard-${MP}`, 'seen.log'), 'utf8');
    expect(log).toBe('echo forbidden-word\necho fine-word\n');
  });
});

describe("a repository's plugins (extraKnownMarketplaces + enabledPlugins)", () => {
  function repositoryAsks(): void {
    cpSync(MARKETPLACE, join(repo.path, 'tools', 'plugins'), { recursive: true });
    const path = join(repo.path, '.claude', 'settings.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      JSON.stringify({
        extraKnownMarketplaces: {
          team: { source: { source: 'directory', path: './tools/plugins' } },
        },
        enabledPlugins: { 'greeter@team': true, 'git-tools@team': true },
      }),
    );
  }

  it('do not run in an untrusted folder: no hook, no command, and stderr says what was ignored', async () => {
    repositoryAsks();
    const { run, requests } = await print('/git-tools:summary x');
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.stringify(requests[0]?.body);
    expect(body).not.toContain('GREETER-CONTEXT');
    expect(body).not.toContain('INLINE-OUTPUT');
    expect(run.stderr).toContain('because this folder is not trusted');
    expect(run.stderr).toContain(
      `enabledPlugins greeter@team (turn on the plugin greeter@team: SessionStart hook: cat ${join(repo.path, 'tools', 'plugins', 'plugins', 'greeter', 'greeting.txt')})`,
    );
  });

  it('run from the marketplace folder once wave trust lists and trusts them', async () => {
    repositoryAsks();
    const trust = await runWave(['trust'], { cwd: repo.path, env: env() });
    expect(trust.code, trust.stderr).toBe(0);
    expect(trust.stdout).toContain('turn on the plugin greeter@team: SessionStart hook: cat');
    expect(trust.stdout).toContain(
      'turn on the plugin git-tools@team: commands /git-tools:summary',
    );
    const { run, requests } = await print('/git-tools:summary x');
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.stringify(requests[0]?.body);
    expect(body).toContain('GREETER-CONTEXT');
    expect(lastUserText(requests[0]?.body)).toContain('INLINE-OUTPUT');
  });
});
