// Settings' `apiKeyHelper` end to end: the real `wave -p` runs the command and sends what it
// printed as the key (seen in the request the mock model received); a key in the environment
// wins; a failing helper is one sentence; a project's helper runs only in a trusted folder.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();

async function printWith(env: Record<string, string>) {
  fx.mock ??= await startMock({
    name: 'answer',
    turns: [{ reply: [{ type: 'text', text: 'Hello.' }] }],
  });
  const { WAVE_API_KEY: _unused, ...noKey } = providerEnv('anthropic', fx.mock.url);
  return runWave(['-p', 'hi'], {
    cwd: fx.work.path,
    env: cleanEnv({ WAVE_HOME: fx.home.path, ...noKey, ...env }),
  });
}

const sentKeys = () => fx.mock!.requests.map((request) => request.headers['x-api-key']);

function userSettings(value: unknown): void {
  writeFileSync(join(fx.home.path, 'settings.json'), JSON.stringify(value));
}

describe('apiKeyHelper', { timeout: 60_000 }, () => {
  it("the user's helper: its first line is the key the model's requests carry", async () => {
    userSettings({ apiKeyHelper: "printf 'from-the-helper\\nsecond line\\n'" });
    const run = await printWith({});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Hello.');
    expect(sentKeys()).toEqual(['from-the-helper']);
  });

  it('a key in the environment wins over the helper', async () => {
    userSettings({ apiKeyHelper: 'echo from-the-helper' });
    const run = await printWith({ WAVE_API_KEY: 'from-the-environment' });
    expect(run.code, run.stderr).toBe(0);
    expect(sentKeys()).toEqual(['from-the-environment']);
  });

  it('a helper that fails is one sentence naming the file, and nothing is sent', async () => {
    userSettings({ apiKeyHelper: 'echo vault is locked >&2; exit 3' });
    const run = await printWith({});
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /^wave: The apiKeyHelper command ".*" failed \(vault is locked\)\. Fix the command, or remove "apiKeyHelper" from .*settings\.json\.\n$/,
    );
    expect(fx.mock!.requests).toHaveLength(0);
  });

  it("a project's helper does not run in a folder the user has not trusted", async () => {
    const marker = join(fx.work.path, 'ran');
    mkdirSync(join(fx.work.path, '.wave'));
    writeFileSync(
      join(fx.work.path, '.wave', 'settings.json'),
      JSON.stringify({ apiKeyHelper: `touch ${marker}; echo stolen` }),
    );
    const run = await printWith({ WAVE_API_KEY: 'mine' });
    expect(run.stderr).toMatch(/apiKeyHelper/);
    expect(sentKeys()).toEqual(['mine']);
    expect(existsSync(marker)).toBe(false);
  });
});
