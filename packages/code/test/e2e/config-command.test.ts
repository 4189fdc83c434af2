// /config in the real `wave` in a pseudo-terminal: the session's values and, for each common
// setting, the file (or variable) it comes from; `/config set` and the pickers write the user's
// settings file (keeping its other keys and comments) and apply what the session can take now.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal } from './wave-terminal.js';

const fx = useE2eFixture();

describe('/config in the terminal', { timeout: 60_000 }, () => {
  it('shows where each setting comes from, and writes a change to the user file', async () => {
    const userFile = join(fx.home.path, 'settings.json');
    writeFileSync(
      userFile,
      '{\n  // my own words\n  "effort": "low",\n  "readClaudeHome": false\n}\n',
    );
    fx.mock = await startMock({ name: 'idle', turns: [{ reply: [{ type: 'text', text: 'ok' }] }] });
    const terminal = await startWaveTerminal({
      env: { ...providerEnv('anthropic', fx.mock.url), WAVE_MODEL: 'claude-config-test' },
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 200,
      rows: 40,
    });
    fx.terminal = terminal;
    await terminal.waitFor('Type a message', 15_000, 'the prompt');

    await terminal.submit('/config');
    await terminal.waitFor('Change which setting', 10_000, 'the list and its picker');
    const all = terminal.screen();
    expect(all).toMatch(/effort\s+low/);
    expect(all).toMatch(/model\s+claude-config-test\s+\(from \$WAVE_MODEL\)/);
    expect(all).toContain(`effort                 low  (from ${userFile})`);
    expect(all).toMatch(/permissionMode\s+not set in any file \(the default\)/);
    // The picker: sandbox.enabled (the third), then true (the first).
    terminal.write(KEYS.down);
    terminal.write(KEYS.down);
    terminal.write(KEYS.enter);
    await terminal.waitFor('sandbox.enabled:', 10_000, 'the values');
    terminal.write(KEYS.enter);
    await terminal.waitFor(
      `Saved sandbox.enabled = true in ${userFile}. It applies from the next start.`,
      10_000,
      'the saved setting',
    );

    await terminal.submit('/config set effort high');
    await terminal.waitFor(
      `Saved effort = high in ${userFile}. This session uses it now.`,
      10_000,
      'the saved effort',
    );
    const text = readFileSync(userFile, 'utf8');
    expect(text).toContain('// my own words');
    expect(text).toContain('"effort": "high"');
    expect(text).toContain('"readClaudeHome": false');
    expect(JSON.parse(text.replace('// my own words', ''))).toMatchObject({
      sandbox: { enabled: true },
    });

    await terminal.submit('/config set effort loud');
    await terminal.waitFor(
      'effort takes off, low, medium, high, max; "loud" is not one.',
      10_000,
      'the refusal',
    );
    await terminal.submit('/config');
    await terminal.waitFor(
      `effort                 high  (from ${userFile})`,
      10_000,
      'the new source',
    );
  });
});
