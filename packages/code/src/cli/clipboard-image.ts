// Ctrl+V's image: the clipboard is read through the platform's own program, whichever is on PATH
// (Wayland's wl-paste, X11's xclip, macOS's pngpaste or osascript, Windows' and WSL's
// powershell.exe). A terminal sends no image bytes itself, so this is the only way to one. Each
// run is bounded in time and size (the attachment limit); the bytes are trusted only for what
// their first bytes say they are.
import { execFile } from 'node:child_process';
import { findOnPath, sniffImage } from '@wave-agent/agent-sdk';
import type { ImageMediaType } from '@wave-agent/shared-protocol';
import { formatBytes, MAX_IMAGE_BYTES } from '@wave-agent/shared-protocol';

const RUN_TIMEOUT_MS = 5_000;
/** The media types asked for, best first (PNG is what screenshots are). */
const WANTED = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type ClipboardImage =
  | { readonly kind: 'image'; readonly bytes: Buffer; readonly mediaType: ImageMediaType }
  | { readonly kind: 'none'; readonly sentence: string };

type Env = Readonly<Record<string, string | undefined>>;

interface Run {
  readonly ok: boolean;
  readonly stdout: Buffer;
  /** Why it failed: the program's own words, or that its output was too big. */
  readonly problem: string;
  readonly tooBig: boolean;
}

function run(path: string, args: readonly string[], env: Env, maxBytes: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path,
      [...args],
      { env: { ...env }, timeout: RUN_TIMEOUT_MS, maxBuffer: maxBytes, encoding: 'buffer' },
      (error, stdout, stderr) => {
        const tooBig =
          (error as { code?: unknown } | null)?.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
        const words = stderr.toString('utf8').trim().split('\n')[0] ?? '';
        resolve({
          ok: error === null,
          stdout,
          tooBig,
          problem: words || (error ? error.message : ''),
        });
      },
    );
  });
}

const TOO_BIG = `The image in the clipboard is bigger than ${formatBytes(MAX_IMAGE_BYTES)}, the most one image may be: make it smaller (or crop the screenshot) and paste again.`;
const NO_IMAGE =
  'The clipboard holds no image (PNG, JPEG, GIF or WebP): copy one, then press Ctrl+V.';

function imageFrom(bytes: Buffer): ClipboardImage {
  if (bytes.length > MAX_IMAGE_BYTES) return { kind: 'none', sentence: TOO_BIG };
  const mediaType = sniffImage(bytes);
  if (mediaType === undefined) return { kind: 'none', sentence: NO_IMAGE };
  return { kind: 'image', bytes, mediaType };
}

/** A program that lists the clipboard's types, then gives one type's bytes. */
async function listedThenRead(
  path: string,
  listArgs: readonly string[],
  readArgs: (type: string) => readonly string[],
  env: Env,
): Promise<ClipboardImage | Run> {
  const listed = await run(path, listArgs, env, 64 * 1024);
  if (!listed.ok) return listed;
  const types = listed.stdout.toString('utf8').split(/\s+/);
  const type = WANTED.find((wanted) => types.includes(wanted));
  if (type === undefined) return { kind: 'none', sentence: NO_IMAGE };
  const read = await run(path, readArgs(type), env, MAX_IMAGE_BYTES + 1);
  if (read.tooBig) return { kind: 'none', sentence: TOO_BIG };
  if (!read.ok) return read;
  return imageFrom(read.stdout);
}

/** osascript prints the PNG as `«data PNGf89504E47…»`. */
function fromAppleScript(output: string): Buffer | undefined {
  const hex = /«data PNGf([0-9A-Fa-f]*)»/.exec(output)?.[1];
  return hex ? Buffer.from(hex, 'hex') : undefined;
}

const POWERSHELL_IMAGE =
  '$i = Get-Clipboard -Format Image; if ($i) { $m = New-Object IO.MemoryStream; $i.Save($m, [Drawing.Imaging.ImageFormat]::Png); [Convert]::ToBase64String($m.ToArray()) }';

/** One program's way to the image; a Run when the program itself failed (the next is tried). */
async function readWith(program: string, path: string, env: Env): Promise<ClipboardImage | Run> {
  switch (program) {
    case 'wl-paste':
      return listedThenRead(
        path,
        ['--list-types'],
        (type) => ['--no-newline', '--type', type],
        env,
      );
    case 'xclip':
      return listedThenRead(
        path,
        ['-selection', 'clipboard', '-t', 'TARGETS', '-o'],
        (type) => ['-selection', 'clipboard', '-t', type, '-o'],
        env,
      );
    case 'pngpaste': {
      const read = await run(path, ['-'], env, MAX_IMAGE_BYTES + 1);
      if (read.tooBig) return { kind: 'none', sentence: TOO_BIG };
      return read.ok ? imageFrom(read.stdout) : { kind: 'none', sentence: NO_IMAGE };
    }
    case 'osascript': {
      const read = await run(
        path,
        ['-e', 'the clipboard as «class PNGf»'],
        env,
        2 * MAX_IMAGE_BYTES + 64,
      );
      if (read.tooBig) return { kind: 'none', sentence: TOO_BIG };
      const bytes = read.ok ? fromAppleScript(read.stdout.toString('utf8')) : undefined;
      return bytes ? imageFrom(bytes) : { kind: 'none', sentence: NO_IMAGE };
    }
    default: {
      const base64Limit = Math.ceil((MAX_IMAGE_BYTES + 1) / 3) * 4 + 16;
      const read = await run(path, ['-NoProfile', '-Command', POWERSHELL_IMAGE], env, base64Limit);
      if (read.tooBig) return { kind: 'none', sentence: TOO_BIG };
      if (!read.ok) return read;
      const text = read.stdout.toString('utf8').trim();
      return text === ''
        ? { kind: 'none', sentence: NO_IMAGE }
        : imageFrom(Buffer.from(text, 'base64'));
    }
  }
}

/** The programs to try here, in order. */
function programsFor(platform: NodeJS.Platform): readonly string[] {
  if (platform === 'darwin') return ['pngpaste', 'osascript'];
  if (platform === 'win32') return ['powershell.exe'];
  return ['wl-paste', 'xclip', 'powershell.exe'];
}

const INSTALL: Readonly<Partial<Record<NodeJS.Platform, string>>> = {
  darwin: 'install pngpaste (`brew install pngpaste`)',
  win32: 'Windows PowerShell (powershell.exe) must be on PATH',
};

/** The clipboard's image, or the sentence of why there is none to attach. */
export async function readClipboardImage(
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<ClipboardImage> {
  const failures: string[] = [];
  let found = false;
  for (const program of programsFor(platform)) {
    const path = findOnPath(program, env.PATH);
    if (path === undefined) continue;
    found = true;
    const outcome = await readWith(program, path, env);
    if ('kind' in outcome) return outcome;
    failures.push(`${program}: ${outcome.problem || 'it failed'}`);
  }
  if (!found) {
    const install =
      INSTALL[platform] ??
      'install wl-clipboard (Wayland) or xclip (X11), e.g. `sudo apt-get install wl-clipboard xclip`';
    return {
      kind: 'none',
      sentence: `No clipboard program was found to read an image with: ${install}. Or attach the image as @file.png.`,
    };
  }
  return {
    kind: 'none',
    sentence: `The clipboard could not be read (${failures.join('; ')}). Attach the image as @file.png instead.`,
  };
}
