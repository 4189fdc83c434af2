// Read-only commands run without a question, in the real `wave` against tools/mock-llm: the
// measured list of issue 37 (agent-sdk's permissions/read-only/command-list.fixture.json, 25
// read-only and 26 writing commands) in print mode, where a command that would be asked about is
// refused with its reason; and in the terminal, where the question shows why.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { COMMAND_LIST, README, commandListRepository } from './command-list.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { calls, toolResults, type Call } from './tool-call-scenario.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();

const bash = (command: string): Call => ({ name: 'Bash', input: { command } });

function gitOut(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
}

describe('the read-only list in print mode (no one to ask)', { timeout: 120_000 }, () => {
  it('runs all 25 read-only commands and refuses all 26 writing ones, each saying why', async () => {
    commandListRepository(fx.work.path);
    const before = readdirSync(fx.work.path).sort();
    const log = gitOut(fx.work.path, 'log', '--oneline');
    fx.mock = await startMock(
      calls(
        ...COMMAND_LIST.readOnly.map(bash),
        ...COMMAND_LIST.writing.map((w) => bash(w.command)),
      ),
    );
    const run = await runWave(['-p', 'look around'], {
      cwd: fx.work.path,
      env: cleanEnv({
        WAVE_HOME: fx.home.path,
        WAVE_MAX_RETRIES: '0',
        ...providerEnv('openai', fx.mock.url),
      }),
    });
    expect(run.code).toBe(0);
    const told = toolResults(fx.mock);
    expect(told).toHaveLength(51);
    COMMAND_LIST.readOnly.forEach((command, index) => {
      expect(told[index], command).not.toMatch(/no one to ask|was not run/);
    });
    // They really ran: their output reached the model.
    expect(told[0]).toContain('package.json');
    expect(told[2]).toContain('"name": "demo"');
    expect(told[6]).toContain('src/index.ts:1:// TODO');
    expect(told[22]).toContain('demo');
    COMMAND_LIST.writing.forEach(({ command, why }, index) => {
      const result = told[COMMAND_LIST.readOnly.length + index];
      expect(result, command).toContain(why);
      expect(result, command).toContain('there is no one to ask for permission here');
    });
    // Nothing was written: no file made, README unchanged, no branch or commit.
    expect(readdirSync(fx.work.path).sort()).toEqual(before);
    expect(readFileSync(join(fx.work.path, 'README.md'), 'utf8')).toBe(README);
    expect(gitOut(fx.work.path, 'log', '--oneline')).toBe(log);
    expect(gitOut(fx.work.path, 'branch', '--list', 'made-23')).toBe('');
  });

  it('still refuses what reads outside the work folder or a file a Read deny rule covers', async () => {
    commandListRepository(fx.work.path);
    writeFileSync(join(fx.work.path, '.env'), 'KEY=secret-value\n');
    mkdirSync(join(fx.work.path, '.claude'));
    writeFileSync(
      join(fx.work.path, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { deny: ['Read(./.env)'] } }),
    );
    fx.mock = await startMock(
      calls(
        bash('cat /etc/hostname'),
        bash('cat .env'),
        bash('grep -rn KEY .'),
        bash('grep -rn TODO src'),
      ),
    );
    const run = await runWave(['-p', 'read'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, ...providerEnv('openai', fx.mock.url) }),
    });
    expect(run.code).toBe(0);
    const [outside, denied, folder, allowed] = toolResults(fx.mock);
    expect(outside).toContain('it reads /etc/hostname, outside the working directory');
    expect(denied).toContain('Bash was not run: it reads');
    expect(denied).toContain('which the rule "Read(./.env)"');
    expect(folder).toContain('and the rule "Read(./.env)"');
    expect(folder).toContain('denies reading some of them');
    for (const result of [outside, denied, folder]) expect(result).not.toContain('secret-value');
    expect(allowed).toContain('src/index.ts:1:// TODO');
  });
});

describe('the read-only list in the terminal', { timeout: 90_000 }, () => {
  it('asks only for the writing command, and the question says why', async () => {
    commandListRepository(fx.work.path);
    fx.mock = await startMock({
      name: 'read then write',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [
            { type: 'tool_call', ...bash('git status --short && cat package.json') },
            { type: 'tool_call', ...bash('grep -rn TODO src | wc -l') },
            { type: 'tool_call', ...bash('echo hi > made.txt') },
          ],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Looked around.' }] },
      ],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      rows: 40,
      cols: 160,
    });
    fx.terminal = wave;
    await wave.submit('look around');
    const asked = await wave.waitFor('Permission needed', 20_000, 'the one question');
    expect(asked).toContain('echo hi > made.txt');
    expect(asked).toContain('output redirection (`> made.txt`) writes to a file, which needs');
    // The read-only ones ran before it, unasked.
    expect(asked).toContain('"name": "demo"');
    wave.write('3');
    await wave.waitFor('Why not?', 15_000, 'the reason prompt');
    wave.write('\r');
    await waitForTurnEnd(wave, (all) => all.includes('Looked around.'));
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(false);
    const [status, count] = toolResults(fx.mock);
    expect(status).toContain('"name": "demo"');
    expect(count?.trim()).toBe('1');
  });
});
