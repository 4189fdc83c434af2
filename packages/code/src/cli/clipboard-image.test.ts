// The clipboard programs as they answer, played by small scripts on PATH: wl-paste with an image,
// with only text, with an image too big to send; a failing wl-paste (no Wayland) falls back to
// xclip; macOS's osascript prints the PNG as hex.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@wave-agent/shared-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readClipboardImage } from './clipboard-image.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let bin: string;

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'wave-clipboard-'));
  writeFileSync(join(bin, 'image.png'), PNG);
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

function program(name: string, body: string): void {
  writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}

const env = () => ({ PATH: `${bin}:/usr/bin:/bin` });

describe('readClipboardImage', () => {
  it("reads wl-paste's PNG", async () => {
    program(
      'wl-paste',
      `case "$*" in *list-types*) echo text/plain; echo image/png ;; *) cat '${bin}/image.png' ;; esac`,
    );
    expect(await readClipboardImage(env(), 'linux')).toEqual({
      kind: 'image',
      bytes: PNG,
      mediaType: 'image/png',
    });
  });

  it('says the clipboard holds no image, and refuses one too big', async () => {
    program('wl-paste', 'echo text/plain');
    expect(await readClipboardImage(env(), 'linux')).toMatchObject({
      sentence: expect.stringMatching(/^The clipboard holds no image/) as unknown,
    });
    program(
      'wl-paste',
      `case "$*" in *list-types*) echo image/png ;; *) head -c ${MAX_IMAGE_BYTES + 10} /dev/zero ;; esac`,
    );
    expect(await readClipboardImage(env(), 'linux')).toMatchObject({
      sentence: expect.stringMatching(/^The image in the clipboard is bigger than/) as unknown,
    });
  });

  it('falls back to xclip when wl-paste cannot reach a Wayland server', async () => {
    program('wl-paste', 'echo "Failed to connect to a Wayland server" >&2; exit 1');
    program('xclip', `case "$*" in *TARGETS*) echo image/png ;; *) cat '${bin}/image.png' ;; esac`);
    expect(await readClipboardImage(env(), 'linux')).toMatchObject({ kind: 'image', bytes: PNG });
  });

  it("reads osascript's hex on macOS", async () => {
    program('osascript', `echo '«data PNGf${PNG.toString('hex').toUpperCase()}»'`);
    expect(await readClipboardImage(env(), 'darwin')).toMatchObject({ kind: 'image', bytes: PNG });
  });
});
