// Settings' `apiKeyHelper` end to end: the real `wave -p` runs the command and sends what it
// printed as the key (seen in the request the mock model received); a key in the environment
// wins; a failing helper is one sentence; a project's helper runs only in a trusted folder; as in
// Claude Code, the helper runs again when its key is refused (HTTP 401) or older than
// CLAUDE_CODE_API_KEY_HELPER_TTL_MS.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';
import type { Scenario } from '@wave-agent/mock-llm';

const fx = useE2eFixture();

async function printWith(env: Record<string, string>, scenario: Scenario = answer) {
  fx.mock ??= await startMock(scenario);
  const { WAVE_API_KEY: _unused, ...noKey } = providerEnv('anthropic', fx.mock.url);
  return runWave(['-p', 'hi'], {
    cwd: fx.work.path,
    env: cleanEnv({ WAVE_HOME: fx.home.path, ...noKey, ...env }),
  });
}

const answer: Scenario = { name: 'answer', turns: [{ reply: [{ type: 'text', text: 'Hello.' }] }] };

/** A helper that prints key-1, key-2, … one more each time it runs (a vault's rotating token). */
function countingHelper(): string {
  const counter = join(fx.work.path, 'runs');
  return `n=$(cat ${counter} 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${counter}; echo key-$n`;
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

  it('the API refuses the key (401): the helper runs again and the turn succeeds with the new key', async () => {
    userSettings({ apiKeyHelper: countingHelper() });
    const refusedOnce: Scenario = {
      name: 'refused once',
      turns: [
        {
          faults: [{ kind: 'http', status: 401, message: 'invalid x-api-key' }],
          reply: [{ type: 'text', text: 'Hello with the new key.' }],
        },
      ],
    };
    const run = await printWith({}, refusedOnce);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Hello with the new key.');
    expect(sentKeys()).toEqual(['key-1', 'key-2']);
    expect(run.stderr).not.toContain('key-');
  });

  it('a fresh key is reused; after CLAUDE_CODE_API_KEY_HELPER_TTL_MS the helper runs again', async () => {
    const twoCalls: Scenario = {
      name: 'a tool call, then an answer',
      turns: [
        { reply: [{ type: 'tool_call', name: 'Glob', input: { pattern: '*.none' } }] },
        { reply: [{ type: 'text', text: 'Done.' }] },
      ],
    };
    userSettings({ apiKeyHelper: countingHelper() });
    const fresh = await printWith({}, twoCalls);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(sentKeys()).toEqual(['key-1', 'key-1']);

    await fx.mock!.close();
    fx.mock = undefined;
    rmSync(join(fx.work.path, 'runs'));
    const expiring = await printWith({ CLAUDE_CODE_API_KEY_HELPER_TTL_MS: '0' }, twoCalls);
    expect(expiring.code, expiring.stderr).toBe(0);
    expect(sentKeys()).toEqual(['key-2', 'key-3']);
  });
});
