// /memory N in the real `wave` in a pseudo-terminal: the memory file opens in $EDITOR, which has
// the terminal (its keys, a line ended with Enter as a person types it) until it exits; then the
// prompt is back and takes a message, and nothing the editor drew is left in the scrollback.
// The editor is a small script that reads one line from the terminal and appends it to the file.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

const EDITOR_SCRIPT = `#!/bin/sh
# A tiny editor: asks for a line on the terminal and appends it to the file.
if [ -t 0 ] && [ -t 1 ]; then where=terminal; else where=elsewhere; fi
printf 'tiny editor: type a line for %s\\n' "$1"
IFS= read -r line
printf '%s (typed in the %s)\\n' "$line" "$where" >> "$1"
`;

describe('/memory N in the terminal', { timeout: 60_000 }, () => {
  it('opens the memory file in $EDITOR, which has the terminal; the prompt comes back after', async () => {
    const memory = join(fx.work.path, 'AGENTS.md');
    writeFileSync(memory, 'Project memory.\n');
    const editor = join(fx.home.path, 'tiny-editor.sh');
    writeFileSync(editor, EDITOR_SCRIPT);
    chmodSync(editor, 0o755);
    fx.mock = await startMock({
      name: 'one reply',
      turns: [{ reply: [{ type: 'text', text: 'Still here.' }] }],
    });
    const wave = await startWaveTerminal({
      env: { ...providerEnv('anthropic', fx.mock.url), VISUAL: '', EDITOR: editor },
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = wave;

    await wave.submit('/memory 1');
    await wave.waitFor(`tiny editor: type a line for ${memory}`, 15_000, 'the editor');
    wave.write('remember the marker 7fd2');
    wave.write(KEYS.enter);
    await wave.waitFor(`Edited ${memory}`, 15_000, 'the editor to end');
    expect(readFileSync(memory, 'utf8')).toBe(
      'Project memory.\nremember the marker 7fd2 (typed in the terminal)\n',
    );

    // The editor drew on the alternate screen: none of it stays in the scrollback.
    await wave.waitFor(PROMPT_READY);
    expect(wave.text()).not.toContain('tiny editor');
    await wave.submit('are you there');
    await waitForTurnEnd(wave, (all) => all.includes('Still here.'));
  });
});
