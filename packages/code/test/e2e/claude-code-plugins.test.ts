// Plugins Claude Code installed, offered as they are: a Claude Code folder this test writes in the
// exact shape Claude Code 2.1 leaves (installed_plugins.json version 2, known_marketplaces.json,
// the cache folder per marketplace and version, enabledPlugins in its settings.json), then the
// real `wave plugin list` and `wave -p` against tools/mock-llm.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastUserText, providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

const MARKETPLACE = fileURLToPath(new URL('./fixtures/plugin-marketplace', import.meta.url));
const MP = 'wave-test-plugins';
const ID = `git-tools@${MP}`;

let home: ReturnType<typeof tempDir>;
let claude: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('cc-plugins-home');
  claude = tempDir('cc-plugins-claude');
  repo = tempDir('cc-plugins-repo');
  mkdirSync(join(repo.path, '.git'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  for (const dir of [home, claude, repo]) dir.remove();
});

const env = (extra: Record<string, string> = {}) =>
  cleanEnv({
    WAVE_HOME: home.path,
    CLAUDE_CONFIG_DIR: claude.path,
    WAVE_MAX_RETRIES: '0',
    ...extra,
  });

/** What `claude plugin marketplace add` + `claude plugin install git-tools@…` leave behind. */
function claudeCodeInstalled(enabled: boolean): string {
  const installPath = join(claude.path, 'plugins', 'cache', MP, 'git-tools', '1.2.0');
  cpSync(join(MARKETPLACE, 'plugins', 'git-tools'), installPath, { recursive: true });
  const summary = join(installPath, 'commands', 'summary.md');
  writeFileSync(summary, `${readFileSync(summary, 'utf8')}\nFROM-CLAUDE-CODES-COPY\n`);
  const at = '2026-12-06T02:59:17.489Z';
  writeFileSync(
    join(claude.path, 'plugins', 'installed_plugins.json'),
    JSON.stringify({
      version: 2,
      plugins: {
        [ID]: [{ scope: 'user', installPath, version: '1.2.0', installedAt: at, lastUpdated: at }],
      },
    }),
  );
  writeFileSync(
    join(claude.path, 'plugins', 'known_marketplaces.json'),
    JSON.stringify({
      [MP]: {
        source: { source: 'directory', path: MARKETPLACE },
        installLocation: MARKETPLACE,
        lastUpdated: at,
      },
    }),
  );
  writeFileSync(
    join(claude.path, 'settings.json'),
    JSON.stringify({
      enabledPlugins: { [ID]: enabled },
      extraKnownMarketplaces: { [MP]: { source: { source: 'directory', path: MARKETPLACE } } },
    }),
  );
  return installPath;
}

async function wave(...args: string[]) {
  const run = await runWave(args, { cwd: repo.path, env: env() });
  expect(run.code, run.stderr).toBe(0);
  return run;
}

async function listed() {
  return JSON.parse((await wave('plugin', 'list', '--json')).stdout) as {
    id: string;
    enabled: boolean;
    installPath: string;
    source: string;
  }[];
}

async function runSummary() {
  mock = await startMock({ name: 'done', turns: [{ reply: [{ type: 'text', text: 'Done.' }] }] });
  const run = await runWave(['-p', '/git-tools:summary the release'], {
    cwd: repo.path,
    env: env(providerEnv('anthropic', mock.url)),
  });
  expect(run.code, run.stderr).toBe(0);
  return lastUserText(mock.requests.find((request) => request.method === 'POST')?.body);
}

describe("Claude Code's installed plugins", { timeout: 90_000 }, () => {
  it("are listed with their source and run from Claude Code's folder when its settings enable them, without a copy", async () => {
    const installPath = claudeCodeInstalled(true);
    expect(await listed()).toStrictEqual([
      { id: ID, version: '1.2.0', enabled: true, installPath, source: 'claude-code' },
    ]);
    expect((await wave('plugin', 'list')).stdout).toBe(
      `${ID}\t1.2.0\tenabled\tinstalled by Claude Code\n`,
    );
    const sent = await runSummary();
    expect(sent).toContain('Summarise the release.');
    expect(sent).toContain('FROM-CLAUDE-CODES-COPY');
    expect(existsSync(join(home.path, 'plugins', 'cache'))).toBe(false);
  });

  it('a plugin Claude Code has off is listed off and not loaded', async () => {
    claudeCodeInstalled(false);
    expect((await listed()).map((row) => [row.id, row.enabled])).toStrictEqual([[ID, false]]);
    const sent = await runSummary();
    expect(sent).not.toContain('Summarise the release.');
  });

  it("Wave's own install of the same plugin wins: listed once, and its copy is the one that runs", async () => {
    claudeCodeInstalled(true);
    await wave('plugin', 'marketplace', 'add', MARKETPLACE);
    await wave('plugin', 'install', ID);
    const rows = await listed();
    expect(rows.map((row) => [row.id, row.source, row.enabled])).toStrictEqual([
      [ID, 'wave', true],
    ]);
    const sent = await runSummary();
    expect(sent).toContain('Summarise the release.');
    expect(sent).not.toContain('FROM-CLAUDE-CODES-COPY');
  });

  it('"readClaudeHome": false in Wave\'s settings: neither listed nor loaded', async () => {
    claudeCodeInstalled(true);
    writeFileSync(join(home.path, 'settings.json'), JSON.stringify({ readClaudeHome: false }));
    expect(await listed()).toStrictEqual([]);
    expect(await runSummary()).not.toContain('Summarise the release.');
  });
});
