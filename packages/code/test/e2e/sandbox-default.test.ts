// The sandbox by default, as a new user meets it: no flag, no settings file. Where bubblewrap
// runs, a command that writes in the work folder runs in the sandbox without a question, and one
// that writes outside fails there and asks to run outside; where bwrap is missing, Wave says once
// why and how to install it, and commands ask as before. `--no-sandbox` turns it off.
// The suites run with WAVE_SANDBOX_DEFAULT=off (vitest.shared.ts): these tests take it away.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import type { PtyTerminal } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;

/** The default as a user has it: the suites' WAVE_SANDBOX_DEFAULT=off is not passed on. */
const NO_DEFAULT_OVERRIDE = { WAVE_SANDBOX_DEFAULT: '' };

function bashOnce(command: string): Scenario {
  return {
    name: 'one command',
    turns: [
      { reply: [{ type: 'tool_call', name: 'Bash', input: { command } }] },
      { reply: [{ type: 'text', text: 'All done.' }] },
    ],
  };
}

/** A PATH that has bash and touch but not bwrap. */
function pathWithoutBwrap(): string {
  const bin = join(fx.home.path, 'bin');
  mkdirSync(bin);
  for (const program of ['bash', 'touch']) symlinkSync(`/usr/bin/${program}`, join(bin, program));
  return bin;
}

/** Wave in a pty with the user's default (no flag, no setting), the model running `command`. */
async function waveWithTheDefault(
  command: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<PtyTerminal> {
  fx.mock = await startMock(bashOnce(command));
  fx.terminal = await startWaveTerminal({
    env: { ...NO_DEFAULT_OVERRIDE, ...env, ...providerEnv('openai', fx.mock.url) },
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
    rows: 40,
  });
  return fx.terminal;
}

let outside: string | undefined;
afterEach(() => {
  if (outside !== undefined) rmSync(outside, { recursive: true, force: true });
  outside = undefined;
});

describe('the sandbox by default', { timeout: RUN_MS }, () => {
  it('where bwrap runs: a write in the work folder runs unasked, in the sandbox', async () => {
    const wave = await waveWithTheDefault('touch made.txt');
    await wave.submit('make it');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'), 30_000);
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(true);
    expect(wave.text()).not.toContain('Permission needed');
    // The card says why it ran without a question.
    expect(wave.text()).toContain('in the sandbox · ran without asking');
    await wave.submit('/sandbox');
    await wave.waitFor(/Commands run in the sandbox \(bwrap\)/, 15_000, '/sandbox');
  });

  it('where bwrap runs: a write outside the work folder fails inside and asks to run outside', async () => {
    // Under the home folder, which the sandbox shows read-only (its /tmp is its own).
    outside = mkdtempSync(join(homedir(), '.wave-outside-'));
    const target = join(outside, 'escaped.txt');
    const wave = await waveWithTheDefault(`touch ${target}`);
    await wave.submit('make it');
    await wave.waitFor(/outside the sandbox/i, 30_000, 'the offer to run it outside');
    expect(existsSync(target)).toBe(false);
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'), 30_000);
    expect(existsSync(target)).toBe(true);
  });

  it('by default too, a command cannot rewrite what decides its permissions (.git/config, .wave)', async () => {
    mkdirSync(join(fx.work.path, '.git'));
    writeFileSync(join(fx.work.path, '.git', 'config'), '[core]\n');
    const wave = await waveWithTheDefault(
      "printf '[core]\\n\\tfsmonitor = touch /tmp/pwned\\n' >> .git/config; mkdir -p .wave && echo '{}' > .wave/settings.json",
    );
    await wave.submit('change them');
    // It fails inside the sandbox, unasked, and is offered to run outside: refused here.
    await wave.waitFor(/outside the sandbox/i, 30_000, 'the offer to run it outside');
    wave.write('3');
    await wave.waitFor('Why not?', 15_000, "the refusal's note");
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('All done.'), 30_000);
    expect(wave.text()).toContain('Read-only file system');
    expect(readFileSync(join(fx.work.path, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(join(fx.work.path, '.wave', 'settings.json'))).toBe(false);
  });

  it('without bwrap: says once why and how to install it, and the command asks', async () => {
    const wave = await waveWithTheDefault('touch made.txt', { PATH: pathWithoutBwrap() });
    await wave.submit('make it');
    await wave.waitFor('Permission needed', 30_000, 'the usual question');
    const said = wave.text().replace(/\s+/g, ' ');
    expect(said).toMatch(/Wave runs commands in a sandbox where it can, but bubblewrap/);
    expect(said).toMatch(/apt-get install bubblewrap/);
    expect(said.split('Wave runs commands in a sandbox where it can').length - 1).toBe(1);
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(false);
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'), 30_000);
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(true);
  });

  it('--no-sandbox: off, and the command asks', async () => {
    const wave = await waveWithTheDefault('touch made.txt', {}, ['--no-sandbox']);
    await wave.submit('make it');
    await wave.waitFor('Permission needed', 30_000, 'the question');
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(false);
  });
});
