// /plugin in the chat UI, against a real agent (`wave web`) in real Chromium: the plugins of a
// local marketplace this test writes in Claude Code's format, with their state; `/plugin install`
// installs one through the protocol (changePlugin: the user's yes) and turns it on in the user's
// settings, and says when it takes effect; /plugin then lists it as enabled.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { send } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { tempDir, WAVE_LAUNCHER } from '../harness/wave-web-process.js';

const ID = 'hello-tools@web-market';

function writeMarketplace(root: string): void {
  const plugin = join(root, 'plugins', 'hello-tools');
  mkdirSync(join(root, '.claude-plugin'), { recursive: true });
  mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
  mkdirSync(join(plugin, 'commands'), { recursive: true });
  writeFileSync(
    join(root, '.claude-plugin', 'marketplace.json'),
    JSON.stringify({
      name: 'web-market',
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
  writeFileSync(join(plugin, 'commands', 'greet.md'), 'Say hello to $ARGUMENTS.\n');
}

const fx = useChatFixture({
  web: () => {
    const waveHome = tempDir('plugin-home');
    const market = join(waveHome, 'market');
    writeMarketplace(market);
    // The marketplace is added as a user adds it, with the CLI.
    const added = spawnSync(
      process.execPath,
      ['--conditions=@wave-agent/source', WAVE_LAUNCHER, 'plugin', 'marketplace', 'add', market],
      {
        env: { ...process.env, WAVE_HOME: waveHome },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    if (added.status !== 0) throw new Error(`wave plugin marketplace add failed: ${added.stderr}`);
    return { waveHome };
  },
  page: { width: 700, height: 900 },
});

async function bodyText(): Promise<string> {
  return fx.tab.page.locator('body').innerText();
}

describe('/plugin in the chat UI', () => {
  it('lists the marketplace, installs a plugin through the protocol, and lists it as enabled', async () => {
    const { page } = fx.tab;
    await send(page, '/plugin');
    await page.getByText(`${ID} (not installed) — Says hello`).waitFor({ timeout: 30_000 });
    expect(await bodyText()).toContain('web-market:');

    await send(page, `/plugin install ${ID}`);
    await page.getByText(`Installed ${ID} 0.3.0`).waitFor({ timeout: 30_000 });
    expect(await bodyText()).toContain('take effect in the next session: start Wave again.');
    const settings = JSON.parse(readFileSync(join(fx.web.waveHome, 'settings.json'), 'utf8')) as {
      enabledPlugins?: Record<string, boolean>;
    };
    expect(settings.enabledPlugins).toEqual({ [ID]: true });

    await send(page, '/plugin');
    await page.getByText(`${ID} 0.3.0 (enabled) — Says hello`).waitFor({ timeout: 30_000 });
  });
});
