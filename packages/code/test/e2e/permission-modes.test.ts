// The modes and flags Claude Code users know, in the real `wave -p` against tools/mock-llm:
// dontAsk for CI (what reads and what a rule allows runs; the rest is refused, nobody asked),
// --allowedTools / --disallowedTools / --add-dir, and settings that forbid bypassPermissions.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { calls, toolResults, type Call } from './tool-call-scenario.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

const fx = useE2eFixture();
const SLOW = { timeout: 90_000 };

const bash = (command: string): Call => ({ name: 'Bash', input: { command } });

async function print(scenario: Scenario, args: readonly string[]) {
  fx.mock = await startMock(scenario);
  return runWave(['-p', 'do it', ...args], {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('openai', fx.mock.url),
    }),
  });
}

const file = (name: string) => join(fx.work.path, name);

function offeredTools(): string[] {
  const body = fx.mock?.requests[0]?.body as
    { tools?: { function: { name: string } }[] } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

describe('--permission-mode dontAsk (CI)', SLOW, () => {
  it('runs what reads and what --allowedTools allows, and refuses the rest without asking', async () => {
    writeFileSync(file('README.md'), '# hi\n');
    const run = await print(
      calls(bash('cat README.md'), bash('touch allowed.txt'), bash('touch refused.txt'), {
        name: 'Write',
        input: { file_path: 'written.txt', content: 'x' },
      }),
      ['--permission-mode', 'dontAsk', '--allowedTools', 'Bash(touch allowed.txt)'],
    );
    expect(run.code, run.stderr).toBe(0);
    const [read, allowed, refused, write] = toolResults(fx.mock);
    expect(read).toContain('# hi');
    expect(allowed).not.toContain('refuses');
    expect(existsSync(file('allowed.txt'))).toBe(true);
    expect(refused).toContain(
      'Bash runs commands on your machine: touch changes files, which needs approval, and dontAsk mode refuses without asking whatever no rule allows.',
    );
    expect(existsSync(file('refused.txt'))).toBe(false);
    expect(write).toContain('Write changes files, and dontAsk mode refuses without asking');
    expect(existsSync(file('written.txt'))).toBe(false);
  });
});

describe('--disallowedTools and --add-dir', SLOW, () => {
  it('--disallowedTools takes a bare tool away and denies what a rule names, saying it came from the command line', async () => {
    const run = await print(calls(bash('git log -1')), [
      '--permission-mode',
      'bypassPermissions',
      '--disallowedTools',
      'Write,Bash(git log:*)',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(offeredTools()).not.toContain('Write');
    expect(offeredTools()).toContain('Bash');
    expect(toolResults(fx.mock)[0]).toContain(
      'Bash was not run: the rule "Bash(git log:*)" in the command line denies it.',
    );
  });

  it('--add-dir makes another folder part of the work: read-only commands and Read reach it unasked', async () => {
    const other = tempDir('added');
    try {
      mkdirSync(join(other.path, 'docs'));
      writeFileSync(join(other.path, 'docs', 'notes.md'), 'added-folder-notes\n');
      const scenario = () =>
        calls(bash(`cat ${join(other.path, 'docs', 'notes.md')}`), {
          name: 'Read',
          input: { file_path: join(other.path, 'docs', 'notes.md') },
        });
      const without = await print(scenario(), []);
      expect(without.code).toBe(0);
      const [catOutside, readOutside] = toolResults(fx.mock);
      expect(catOutside).toContain('outside the working directory');
      expect(readOutside).toContain('outside the working directory');
      await fx.mock?.close();
      const run = await print(scenario(), ['--add-dir', other.path]);
      expect(run.code, run.stderr).toBe(0);
      const [cat, read] = toolResults(fx.mock);
      expect(cat).toContain('added-folder-notes');
      expect(read).toContain('added-folder-notes');
    } finally {
      other.remove();
    }
  });

  it('refuses a rule it cannot read, before starting', async () => {
    const run = await runWave(['-p', 'x', '--allowedTools', 'Bash(git log:*'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path }),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'the command line (--allowedTools): the allow rule "Bash(git log:*" cannot be read',
    );
  });
});

describe('permissions.disableBypassPermissionsMode', SLOW, () => {
  it('refuses to start in bypassPermissions when the user settings forbid it, saying where', async () => {
    const settings = join(fx.home.path, 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({ permissions: { disableBypassPermissionsMode: 'disable' } }),
    );
    const run = await print(calls(bash('touch x')), ['--permission-mode', 'bypassPermissions']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      'bypassPermissions is turned off by "permissions.disableBypassPermissionsMode": "disable" at',
    );
    expect(run.stderr).toContain(settings);
    expect(existsSync(file('x'))).toBe(false);
    expect(fx.mock?.requests ?? []).toEqual([]);
  });
});
