// The user's ~/.claude in the real `wave` in a pseudo-terminal (a temporary HOME, never the real
// one): /memory, /skills, /help, /hooks and /permissions say which file of it each thing comes
// from, beside $WAVE_HOME's.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { PROMPT_READY, startWaveTerminal } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';
import { tempDir } from './wave-process.js';

const fx = useE2eFixture();

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe("the user's ~/.claude in the terminal", { timeout: 90_000 }, () => {
  it('lists its memory, skills, commands, hooks and rules with their files', async () => {
    const home = tempDir('tty-home');
    try {
      const claude = join(home.path, '.claude');
      const memory = write(join(claude, 'CLAUDE.md'), 'Claude home memory.');
      const skill = write(
        join(claude, 'skills', 'notes', 'SKILL.md'),
        '---\nname: notes\ndescription: Tidy notes\n---\nBody',
      );
      const command = write(join(claude, 'commands', 'greet.md'), 'Greet $ARGUMENTS');
      const hook = write(join(claude, 'hooks', 'stop.sh'), '#!/bin/sh\nexit 0\n');
      chmodSync(hook, 0o755);
      const settings = write(
        join(claude, 'settings.json'),
        JSON.stringify({
          permissions: { deny: ['Bash(rm:*)'] },
          hooks: { Stop: [{ hooks: [{ type: 'command', command: hook }] }] },
        }),
      );
      fx.mock = await startMock({
        name: 'one',
        turns: [{ reply: [{ type: 'text', text: 'ok' }] }],
      });
      const wave = await startWaveTerminal({
        env: { ...providerEnv('anthropic', fx.mock.url), HOME: home.path, CLAUDE_CONFIG_DIR: '' },
        waveHome: fx.home.path,
        cwd: fx.work.path,
        args: [],
      });
      fx.terminal = wave;
      await wave.waitFor(PROMPT_READY, 30_000);

      await wave.submit('/memory');
      await wave.waitFor(new RegExp(`1\\. ${escape(memory)}\\s+19 chars · user`));
      await wave.submit('/skills');
      await wave.waitFor(new RegExp(`notes\\s+Tidy notes\\s+\\(${escape(skill)}\\)`));
      await wave.submit('/help');
      await wave.waitFor(new RegExp(`/greet\\s+Greet \\$ARGUMENTS\\s+\\(${escape(command)}\\)`));
      await wave.submit('/hooks');
      await wave.waitFor(new RegExp(`${escape(settings)}\\s+Stop \\(timeout`));
      await wave.submit('/permissions');
      await wave.waitFor(/Bash\(rm:\*\)/);
      await wave.waitFor(settings);
    } finally {
      home.remove();
    }
  });
});
