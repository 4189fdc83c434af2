// The sandbox end to end: the real `wave` against tools/mock-llm, commands under real
// bubblewrap. What happens when bwrap is missing (a PATH without it), and what happens to a
// background command's processes when Wave itself is killed, and Claude Code's sandbox keys
// read from a folder's .claude/settings.json.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { sleepersWith, waitUntil } from '@wave-agent/mock-llm/processes';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { spawnWave, cleanEnv } from './wave-process.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();

/** A PATH that has bash but not bwrap. */
function pathWithoutBwrap(): string {
  const bin = join(fx.home.path, 'bin');
  mkdirSync(bin);
  symlinkSync('/usr/bin/bash', join(bin, 'bash'));
  return bin;
}

function bashOnce(command: string, extra: Record<string, unknown> = {}): Scenario {
  return {
    name: 'one command',
    turns: [
      { reply: [{ type: 'tool_call', name: 'Bash', input: { command, ...extra } }] },
      { reply: [{ type: 'text', text: 'All done.' }] },
    ],
  };
}

const SENTENCE = /bubblewrap \(the `bwrap` program\) is not installed.*apt-get install bubblewrap/s;

describe('wave --sandbox without bwrap on PATH', () => {
  it('print mode: says the sentence with the fix, and runs nothing (no one can agree)', async () => {
    fx.mock = await startMock(bashOnce('echo ran > ran.txt'));
    const wave = spawnWave(
      ['-p', 'run it', '--sandbox', '--permission-mode', 'bypassPermissions'],
      {
        cwd: fx.work.path,
        env: cleanEnv({
          WAVE_HOME: fx.home.path,
          PATH: pathWithoutBwrap(),
          ...providerEnv('anthropic', fx.mock.url),
        }),
      },
    );
    await wave.exited(30_000);
    expect(`${wave.stdout()}${wave.stderr()}`).toMatch(SENTENCE);
    expect(existsSync(join(fx.work.path, 'ran.txt'))).toBe(false);
  });

  it('the terminal UI: asks with the sentence, and runs it outside the sandbox only after a yes', async () => {
    fx.mock = await startMock(bashOnce('echo ran > ran.txt'));
    const wave = await startWaveTerminal({
      env: { PATH: pathWithoutBwrap(), ...providerEnv('openai', fx.mock.url) },
      waveHome: fx.home.path,
      cwd: fx.work.path,
      args: ['--sandbox'],
      rows: 40,
    });
    await wave.submit('run it');
    await wave.waitFor(/is not installed/, 30_000, 'the sentence in the question');
    expect(wave.screen().replace(/\s+/g, ' ')).toMatch(/apt-get install bubblewrap/);
    expect(existsSync(join(fx.work.path, 'ran.txt'))).toBe(false);
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'), 30_000);
    expect(readFileSync(join(fx.work.path, 'ran.txt'), 'utf8')).toBe('ran\n');
    // /sandbox says the same, from the session state.
    await wave.submit('/sandbox');
    await wave.waitFor(/each command asks before it runs outside it/, 30_000, '/sandbox');
  });
});

describe("Claude Code's sandbox keys in the folder's .claude/settings.json", () => {
  it('turn the sandbox on and keep asking (autoAllowBashIfSandboxed: false), with no trust needed', async () => {
    mkdirSync(join(fx.work.path, '.claude'));
    writeFileSync(
      join(fx.work.path, '.claude', 'settings.json'),
      JSON.stringify({ sandbox: { enabled: true, autoAllowBashIfSandboxed: false } }),
    );
    fx.mock = await startMock(bashOnce('touch made.txt'));
    const env = cleanEnv({ WAVE_HOME: fx.home.path, ...providerEnv('anthropic', fx.mock.url) });
    const wave = spawnWave(['-p', 'run it'], { cwd: fx.work.path, env });
    await wave.exited(30_000);
    // Print mode has no one to ask: the command that would ask is refused, saying why.
    expect(`${wave.stdout()}${wave.stderr()}`).toMatch(/touch changes files/);
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(false);
    await fx.mock.close();

    // The same folder without the key: the command runs in the sandbox, unasked.
    writeFileSync(
      join(fx.work.path, '.claude', 'settings.json'),
      JSON.stringify({ sandbox: { enabled: true } }),
    );
    fx.mock = await startMock(bashOnce('touch made.txt'));
    const again = spawnWave(['-p', 'run it'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, ...providerEnv('anthropic', fx.mock.url) }),
    });
    await again.exited(30_000);
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(true);
  });
});

describe('a sandboxed background command when Wave is killed', () => {
  it('ends with every process it started, even one in a session of its own', async () => {
    const marker = `${4000 + Math.floor(Math.random() * 5000)}.${process.pid}`;
    fx.mock = await startMock({
      name: 'background, then a long wait',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              name: 'Bash',
              input: {
                command: `setsid sleep ${marker} & sleep ${marker}1`,
                run_in_background: true,
              },
            },
          ],
        },
        // The model "thinks" for a minute: Wave is alive, the command running, when it is killed.
        { reply: [{ type: 'text', text: 'Started.' }], delayMs: 60_000 },
      ],
    });
    const wave = spawnWave(['-p', 'start it', '--sandbox'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, ...providerEnv('anthropic', fx.mock.url) }),
    });
    try {
      expect(await waitUntil(() => sleepersWith(marker).length === 2, 20_000)).toBe(true);
      wave.child.kill('SIGKILL');
      await wave.exited(10_000);
      expect(await waitUntil(() => sleepersWith(marker).length === 0, 5_000)).toBe(true);
    } finally {
      for (const pid of sleepersWith(marker)) process.kill(pid, 'SIGKILL');
    }
  });
});
