// Pasting into the real `wave` in a pseudo-terminal, against tools/mock-llm. Ctrl+V reads an image
// from the clipboard through the clipboard program on PATH — here a stand-in `xclip` that answers
// as the real one does (its TARGETS, then the PNG's bytes) — and puts its chip in the prompt; the
// image reaches the model with the message. With no clipboard program, one sentence says what to
// install. A bracketed paste that is a dropped file's path (quoted, or with escaped spaces) becomes
// an `@` mention, an image path an image; text that only looks like a path stays text.
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;
const CTRL_V = '\u0016';
const PASTE_START = '\u001B[200~';
const PASTE_END = '\u001B[201~';
/** The smallest valid PNG (one transparent pixel). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const CLIPBOARD_PROGRAMS = ['wl-paste', 'xclip', 'pngpaste', 'osascript', 'powershell.exe'];

/** PATH without any folder that holds a clipboard program (this machine's own). */
function pathWithoutClipboard(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => {
      try {
        return !readdirSync(folder).some((name) => CLIPBOARD_PROGRAMS.includes(name));
      } catch {
        return false;
      }
    })
    .join(delimiter);
}

/** A stand-in xclip: TARGETS lists image/png, `-t image/png -o` prints the PNG's bytes. */
function fakeXclip(folder: string, png: string): void {
  mkdirSync(folder, { recursive: true });
  const script = join(folder, 'xclip');
  writeFileSync(
    script,
    `#!/bin/sh
case "$*" in
  *TARGETS*) printf 'TARGETS\\ntext/plain\\nimage/png\\n' ;;
  *image/png*) printf '%s' '${png}' | base64 -d ;;
  *) echo "xclip: unexpected arguments: $*" >&2; exit 1 ;;
esac
`,
  );
  chmodSync(script, 0o755);
}

async function wave(path: string): Promise<PtyTerminal> {
  fx.mock = await startMock({
    name: 'reply',
    turns: [{ reply: [{ type: 'text', text: 'Seen.' }] }],
  });
  fx.terminal = await startWaveTerminal({
    env: { ...providerEnv('anthropic', fx.mock.url), PATH: path },
    waveHome: fx.home.path,
    cwd: fx.work.path,
    cols: 160,
  });
  await fx.terminal.waitFor('Type a message', 15_000, 'the prompt');
  return fx.terminal;
}

/** The user message of the last request, as Anthropic's wire carries it. */
function lastUserContent(): unknown {
  const body = fx.mock!.requests.at(-1)?.body as {
    messages: { role: string; content: unknown }[];
  };
  return body.messages.filter((message) => message.role === 'user').at(-1)?.content;
}

describe('pasting in the terminal', { timeout: RUN_MS }, () => {
  it('Ctrl+V puts the clipboard image in the prompt as a chip, and the model gets the image', async () => {
    const bin = join(fx.home.path, 'bin');
    fakeXclip(bin, PNG);
    const terminal = await wave(`${bin}${delimiter}${pathWithoutClipboard()}`);
    terminal.write('what is in ');
    await terminal.waitFor('what is in', 5_000, 'the typed text');
    terminal.write(CTRL_V);
    await terminal.waitFor('what is in [Image #1]', 10_000, 'the chip');
    terminal.write('this?');
    await terminal.waitFor('[Image #1] this?', 5_000, 'the text after the chip');
    terminal.write(KEYS.enter);
    await waitForTurnEnd(terminal, (all) => all.includes('Seen.'));
    expect(lastUserContent()).toEqual([
      { type: 'text', text: 'what is in [Image #1] this?' },
      { type: 'text', text: '[Image attached: clipboard.png]' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ]);
  });

  it('Ctrl+V with no clipboard program says what to install', async () => {
    const terminal = await wave(pathWithoutClipboard());
    terminal.write(CTRL_V);
    await terminal.waitFor(
      'No clipboard program was found to read an image with: install wl-clipboard (Wayland) or xclip (X11)',
      10_000,
      'the sentence',
    );
  });

  it('a pasted path of a file becomes an @ mention, an image path an image, other text stays text', async () => {
    mkdirSync(join(fx.work.path, 'docs'));
    writeFileSync(join(fx.work.path, 'docs', 'release notes.md'), 'the notes c0ffee\n');
    writeFileSync(join(fx.work.path, 'shot 1.png'), Buffer.from(PNG, 'base64'));
    const terminal = await wave(pathWithoutClipboard());
    // The terminal asked for bracketed paste, as drops and pastes need.
    expect(terminal.output).toContain('\u001B[?2004h');
    // A drop: absolute and quoted, as GNOME Terminal writes it.
    terminal.write(
      `${PASTE_START}'${join(fx.work.path, 'docs', 'release notes.md')}' ${PASTE_END}`,
    );
    await terminal.waitFor('@"docs/release notes.md"', 10_000, 'the mention');
    // An image path with its space escaped, as iTerm2 writes it.
    terminal.write(`${PASTE_START}${join(fx.work.path, 'shot\\ 1.png')}${PASTE_END}`);
    await terminal.waitFor('@"docs/release notes.md" [Image #1]', 10_000, 'the image chip');
    // What only looks like a path stays as it was pasted.
    terminal.write(`${PASTE_START} /no/such/file.txt${PASTE_END}`);
    await terminal.waitFor('[Image #1] /no/such/file.txt', 10_000, 'the text');
    terminal.write(KEYS.enter);
    await waitForTurnEnd(terminal, (all) => all.includes('Seen.'));
    expect(lastUserContent()).toEqual([
      { type: 'text', text: '@"docs/release notes.md" [Image #1] /no/such/file.txt' },
      // The pasted image is one of the message's attachments, which come before its mentions.
      { type: 'text', text: '[Image attached: shot 1.png]' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      {
        type: 'text',
        text: '<attached-file path="docs/release notes.md">\nthe notes c0ffee\n</attached-file>',
      },
    ]);
  });
});
