// The prompt's own keys in a real pseudo-terminal with the real `wave`: Ctrl+G hands the
// prompt to $EDITOR (here a small script that rewrites the file) and takes its text back, with
// the terminal given to the editor (not raw) meanwhile; Esc Esc on an empty prompt opens the
// rewind picker; /help lists the keys.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

/* eslint-disable no-control-regex -- the raw bytes hold the escape sequences checked */
const fx = useE2eFixture();
const CTRL_G = '\u0007';

async function start(env: Record<string, string> = {}): Promise<PtyTerminal> {
  fx.mock = await startMock({
    name: 'echo',
    turns: [{ reply: [{ type: 'text', text: 'got it' }] }],
  });
  fx.terminal = await startWaveTerminal({
    env: { ...providerEnv('anthropic', fx.mock.url), ...env },
    waveHome: fx.home.path,
    cwd: fx.work.path,
  });
  return fx.terminal;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the prompt keys in the terminal', () => {
  it('Ctrl+G: the prompt goes to $EDITOR, which gets a terminal that is not raw, and comes back edited', async () => {
    const seen = join(fx.work.path, 'editor-saw.txt');
    const editor = join(fx.work.path, 'fake-editor.sh');
    // Keeps what it was given and the terminal's mode, then rewrites the file.
    writeFileSync(
      editor,
      `#!/bin/sh\n{ cat "$1"; echo; } > '${seen}'\nstty -a | grep -o -- '-\\?icanon' >> '${seen}'\nprintf 'first line\\nsecond line from the editor\\n' > "$1"\n`,
    );
    chmodSync(editor, 0o755);
    const wave = await start({ EDITOR: `${editor}` });
    wave.write('draft to edit');
    await wave.waitFor('draft to edit', 5_000, 'the typed draft');
    expect(wave.output).not.toContain('\u001B[?1049h');
    wave.write(CTRL_G);
    await wave.waitFor(
      () => wave.screen().includes('second line from the editor'),
      10_000,
      'the edited prompt',
    );
    const given = readFileSync(seen, 'utf8').split('\n');
    expect(given[0]).toBe('draft to edit');
    // Canonical mode on: Ink let go of raw mode while the editor ran.
    expect(given[1]).toBe('icanon');
    expect(wave.screen()).toContain('> first line');
    // The editor had the alternate screen, and the main one came back after it.
    expect(wave.output).toMatch(/\u001B\[\?1049h[^]*\u001B\[\?1049l/);
    // Raw mode is back: a key reaches the prompt at once, Enter sends the edited text.
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('got it'));
    expect(fx.mock!.requests.at(-1)?.body).toBeDefined();
    expect(JSON.stringify(fx.mock!.requests.at(-1)?.body)).toContain(
      'first line\\nsecond line from the editor',
    );
  });

  it('Ctrl+G without $VISUAL or $EDITOR says what to set', async () => {
    const wave = await start({ EDITOR: '', VISUAL: '' });
    wave.write(CTRL_G);
    await wave.waitFor('neither $VISUAL nor $EDITOR is set', 5_000, 'the sentence');
  });

  it('Esc Esc on an empty prompt opens the rewind picker; /help lists the keys', async () => {
    const wave = await start();
    await wave.submit('hello there');
    await waitForTurnEnd(wave, (all) => all.includes('got it'));
    wave.write(KEYS.escape);
    await pause(150);
    wave.write(KEYS.escape);
    await wave.waitFor('Rewind to before which of your messages?', 10_000, 'the rewind picker');
    wave.write(KEYS.escape);
    await wave.waitFor(() => wave.screen().includes('Type a message'), 5_000, 'the prompt back');
    await wave.submit('/help');
    const help = await wave.waitFor('Ctrl+G writes the prompt', 5_000, 'the keys in /help');
    expect(help).toContain('Ctrl+R searches the prompts');
    expect(help).toContain('Esc Esc on an empty prompt');
    expect(help).toContain("Ctrl+V pastes the clipboard's image");
  });
});
