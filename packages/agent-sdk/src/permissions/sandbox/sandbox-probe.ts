// Whether this machine can run the sandbox: the program is on PATH and (bubblewrap) can create
// the namespaces it needs — containers and some distributions forbid unprivileged ones. The
// answer is one sentence with the fix when it cannot, never a silent fallback.
import { childProcess } from '../../work/child-process.js';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export type SandboxProgram = 'bwrap' | 'sandbox-exec';

export type SandboxProbe =
  | { readonly ok: true; readonly program: SandboxProgram; readonly path: string }
  | { readonly ok: false; readonly program?: SandboxProgram; readonly problem: string };

const OFF_HINT =
  'or turn the sandbox off for this folder (--no-sandbox, or "sandbox": { "enabled": false })';

/** How the sentence starts and ends: the sandbox asked for, or on only by default. */
interface Wording {
  readonly on: string;
  readonly cannot: string;
  readonly off: string;
}

const ASKED_FOR: Wording = {
  on: 'The sandbox is on',
  cannot: 'so commands cannot run sandboxed',
  off: OFF_HINT,
};

const BY_DEFAULT: Wording = {
  on: 'Wave runs commands in a sandbox where it can',
  cannot: 'so commands run without it here and each one asks first',
  off: 'or say "sandbox": { "enabled": false } in settings.json (or --no-sandbox) to go without it and without this notice',
};
const PROBE_TIMEOUT_MS = 5_000;

/** The program's absolute path on PATH, or undefined. */
export function findOnPath(program: string, path: string | undefined): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here: the next folder.
    }
  }
  return undefined;
}

/** The first line of what bwrap said, for the sentence. */
function said(output: string): string {
  return (
    output
      .trim()
      .split('\n')[0]
      ?.replace(/^bwrap: /, '') ?? ''
  );
}

function probeBwrap(path: string, words: Wording): Promise<SandboxProbe> {
  return new Promise((resolve) => {
    childProcess().execFile(
      path,
      [
        '--ro-bind',
        '/',
        '/',
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--unshare-all',
        '--die-with-parent',
        'true',
      ],
      { timeout: PROBE_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ ok: true, program: 'bwrap', path });
        const why = said(stderr) || error.message;
        resolve({
          ok: false,
          program: 'bwrap',
          problem: `${words.on}, but bubblewrap cannot create namespaces here (${why}), ${words.cannot}: allow unprivileged user namespaces (\`sudo sysctl -w kernel.unprivileged_userns_clone=1\`; on Ubuntu 24.04 and later \`sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0\`; in a container, run it with user namespaces allowed), ${words.off}.`,
        });
      },
    );
  });
}

/** Can commands run sandboxed on this platform, with this PATH? */
export async function probeSandbox(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  byDefault = false,
): Promise<SandboxProbe> {
  const words = byDefault ? BY_DEFAULT : ASKED_FOR;
  if (platform === 'linux') {
    const path = findOnPath('bwrap', env.PATH);
    if (path === undefined) {
      return {
        ok: false,
        program: 'bwrap',
        problem: `${words.on}, but bubblewrap (the \`bwrap\` program) is not installed, ${words.cannot}: install it (\`sudo apt-get install bubblewrap\`, or your distribution's bubblewrap package), ${words.off}.`,
      };
    }
    return probeBwrap(path, words);
  }
  if (platform === 'darwin') {
    const path = findOnPath('sandbox-exec', env.PATH ?? '/usr/bin');
    if (path !== undefined) return { ok: true, program: 'sandbox-exec', path };
    return {
      ok: false,
      program: 'sandbox-exec',
      problem: `${words.on}, but macOS's \`sandbox-exec\` was not found (it lives in /usr/bin), ${words.cannot}: put /usr/bin on PATH, ${words.off}.`,
    };
  }
  return {
    ok: false,
    problem: `${words.on}, but Wave has no sandbox for ${platform === 'win32' ? 'Windows' : platform}, ${words.cannot}: run Wave in WSL (Linux, with bubblewrap), ${words.off}.`,
  };
}
