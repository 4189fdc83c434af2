// /plugin in the chat UI, against a real agent (`wave web`) in real Chromium: the plugins of a
// local marketplace in Claude Code's format (the terminal tests' fixture), with their state; `/plugin install`
// installs one through the protocol (changePlugin: the user's yes) and turns it on in the user's
// settings, and says when it takes effect; /plugin then lists it as enabled.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { send } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { tempDir, WAVE_LAUNCHER } from '../harness/wave-web-process.js';

const ID = 'git-tools@wave-test-plugins';
/** The terminal tests' marketplace: plugins written in Claude Code's format for Wave's tests. */
const MARKETPLACE = fileURLToPath(
  new URL('../../../code/test/e2e/fixtures/plugin-marketplace', import.meta.url),
);

const fx = useChatFixture({
  web: () => {
    const waveHome = tempDir('plugin-home');
    // The marketplace is added as a user adds it, with the CLI.
    const added = spawnSync(
      process.execPath,
      [
        '--conditions=@wave-agent/source',
        WAVE_LAUNCHER,
        'plugin',
        'marketplace',
        'add',
        MARKETPLACE,
      ],
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
    await page
      .getByText(`${ID} (not installed) — A command with allowed-tools and ! lines`)
      .waitFor({ timeout: 30_000 });
    expect(await bodyText()).toContain('wave-test-plugins:');

    await send(page, `/plugin install ${ID}`);
    await page.getByText(`Installed ${ID} 1.2.0`).waitFor({ timeout: 30_000 });
    expect(await bodyText()).toContain('take effect in the next session: start Wave again.');
    const settings = JSON.parse(readFileSync(join(fx.web.waveHome, 'settings.json'), 'utf8')) as {
      enabledPlugins?: Record<string, boolean>;
    };
    expect(settings.enabledPlugins).toEqual({ [ID]: true });

    await send(page, '/plugin');
    await page
      .getByText(`${ID} 1.2.0 (enabled) — A command with allowed-tools and ! lines`)
      .waitFor({ timeout: 30_000 });
  });
});
