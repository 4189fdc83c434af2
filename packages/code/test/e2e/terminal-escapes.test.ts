// The model's words, a tool's output and a file's contents are a stranger's: nothing in them may
// talk to the terminal. In a real pty against tools/mock-llm, a reply and a command's output
// carrying escape sequences (set the window title, write the clipboard with OSC 52, a link, clear
// the screen, hide text with SGR 8, an 8-bit CSI) reach the terminal as visible characters only:
// none of those sequences is ever written, and the text around them is all there.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

const HOSTILE = [
  '\u001b]0;PWNED-TITLE\u0007',
  '\u001b]52;c;cm0gLXJmIH4=\u0007',
  '\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\',
  '\u001b[2J\u001b[H',
  '\u001b[8mhidden\u001b[0m',
  '\u009b31m',
  '\u001bP1$r\u001b\\',
].join(' ');

/** Sequences a stranger must never get to the terminal (Wave itself writes none of them). */
const FORBIDDEN: readonly [string, string][] = [
  ['an OSC sequence (title, clipboard, link)', '\u001b]'],
  ['a DCS sequence', '\u001bP'],
  ['an 8-bit CSI', '\u009b'],
  ['concealed text (SGR 8)', '\u001b[8m'],
  ['the model’s screen clear', '\u001b[2J\u001b[H'],
];

describe('escape sequences from the model and from tools', { timeout: 90_000 }, () => {
  it('reach the terminal as visible characters, never as sequences', async () => {
    writeFileSync(join(fx.work.path, 'notes.txt'), `file says: ${HOSTILE} END-OF-FILE\n`);
    fx.mock = await startMock({
      name: 'hostile text',
      turns: [
        {
          reply: [
            { type: 'reasoning', text: `thinking ${HOSTILE} END-OF-THOUGHT` },
            { type: 'text', text: `Before ${HOSTILE} END-OF-TEXT.` },
            { type: 'tool_call', name: 'Read', input: { file_path: 'notes.txt' } },
          ],
        },
        { reply: [{ type: 'text', text: `All done ${HOSTILE} THE-END` }] },
      ],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = wave;
    await wave.waitFor('Type a message', 30_000);
    await wave.submit('go');
    await waitForTurnEnd(wave, (all) => all.includes('THE-END'), 60_000);
    // Ctrl+O: the expanded view shows the whole tool result and the reasoning too.
    wave.write(KEYS.ctrlO);
    const expanded = await wave.waitFor(
      (all) => /parameters/.test(all) && all.includes('END-OF-FILE'),
      15_000,
      "the expanded view with the Read call's parameters and result",
    );
    expect(expanded).toContain('␛]52;c;cm0gLXJmIH4=');
    wave.write(KEYS.ctrlO);
    await wave.waitFor('Type a message', 15_000);

    // Wave's own window title (terminal-signals/) is the one OSC allowed: "Wave · …" with no
    // control character inside, or the empty title at exit.
    const written = wave.output.replace(
      // eslint-disable-next-line no-control-regex -- the sequence is made of control characters
      /\u001b\]0;(?:Wave · [^\u0000-\u001f\u007f-\u009f]*)?\u0007/g,
      '',
    );
    for (const [what, sequence] of FORBIDDEN)
      expect(written.includes(sequence), `${what} reached the terminal`).toBe(false);
    const shown = wave.text();
    for (const end of ['END-OF-TEXT', 'END-OF-THOUGHT', 'THE-END']) expect(shown).toContain(end);
    // The sequences are shown for what they are: ESC as its picture, their words as text.
    expect(shown).toContain('␛]0;PWNED-TITLE');
  });
});
