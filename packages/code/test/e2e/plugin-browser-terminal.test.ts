// /plugin in the real `wave` terminal UI (a pseudo-terminal): the plugins of a local marketplace
// this test writes in Claude Code's format, listed with their state; `/plugin install` installs
// one (the user's yes, as `wave plugin install`) and says it takes effect in the next session;
// the next session offers its command in the completion.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { startWaveTerminal } from './wave-terminal.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();

/** A marketplace folder with one plugin that has one command. */
function writeMarketplace(root: string): void {
  const plugin = join(root, 'plugins', 'hello-tools');
  mkdirSync(join(root, '.claude-plugin'), { recursive: true });
  mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
  mkdirSync(join(plugin, 'commands'), { recursive: true });
  writeFileSync(
    join(root, '.claude-plugin', 'marketplace.json'),
    JSON.stringify({
      name: 'pty-market',
      owner: { name: 'the test' },
      plugins: [
        { name: 'hello-tools', source: './plugins/hello-tools', description: 'Says hello' },
      ],
    }),
  );
  writeFileSync(
    join(plugin, '.claude-plugin', 'plugin.json'),
    JSON.stringify({ name: 'hello-tools', version: '0.3.0' }),
  );
  writeFileSync(
    join(plugin, 'commands', 'greet.md'),
    '---\ndescription: Greets the folder\n---\nSay hello to $ARGUMENTS.\n',
  );
}

describe('/plugin in the terminal UI', { timeout: 120_000 }, () => {
  it('lists the marketplace, installs a plugin, and the next session offers its command', async () => {
    const market = join(fx.work.path, 'market');
    writeMarketplace(market);
    const env = { WAVE_HOME: fx.home.path };
    const added = await runWave(['plugin', 'marketplace', 'add', market], {
      cwd: fx.work.path,
      env: cleanEnv(env),
    });
    expect(added.code, added.stderr).toBe(0);
    fx.mock = await startMock({
      name: 'idle',
      turns: [{ reply: [{ type: 'text', text: 'Hi.' }] }],
    });
    const start = () =>
      startWaveTerminal({
        env: providerEnv('anthropic', fx.mock!.url),
        waveHome: fx.home.path,
        cwd: fx.work.path,
        cols: 160,
      });

    fx.terminal = await start();
    await fx.terminal.submit('/plugin');
    const listed = await fx.terminal.waitFor('pty-market:', 15_000, 'the plugin list');
    expect(listed).toContain('hello-tools@pty-market (not installed) — Says hello');

    await fx.terminal.submit('/plugin install hello-tools@pty-market');
    const installed = await fx.terminal.waitFor(
      /take\s+effect in the next session/,
      30_000,
      'the install',
    );
    expect(installed.replace(/\s+/g, ' ')).toContain(
      `Installed hello-tools@pty-market 0.3.0 and turned it on in ${join(fx.home.path, 'settings.json')}.`,
    );
    await fx.terminal.submit('/plugin');
    await fx.terminal.waitFor(
      'hello-tools@pty-market 0.3.0 (enabled) — Says hello',
      15_000,
      'the plugin listed as installed',
    );
    await fx.terminal.dispose();

    fx.terminal = await start();
    fx.terminal.write('/hello-tools');
    const offered = await fx.terminal.waitFor('hello-tools:greet', 15_000, 'the completion');
    expect(offered).toContain('Greets the folder');
  });
});
