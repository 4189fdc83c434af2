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

function probeBwrap(path: string): Promise<SandboxProbe> {
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
          problem: `The sandbox is on, but bubblewrap cannot create namespaces here (${why}), so commands cannot run sandboxed: allow unprivileged user namespaces (\`sudo sysctl -w kernel.unprivileged_userns_clone=1\`; on Ubuntu 24.04 and later \`sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0\`; in a container, run it with user namespaces allowed), ${OFF_HINT}.`,
        });
      },
    );
  });
}

/** Can commands run sandboxed on this platform, with this PATH? */
export async function probeSandbox(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): Promise<SandboxProbe> {
  if (platform === 'linux') {
    const path = findOnPath('bwrap', env.PATH);
    if (path === undefined) {
      return {
        ok: false,
        program: 'bwrap',
        problem: `The sandbox is on, but bubblewrap (the \`bwrap\` program) is not installed, so commands cannot run sandboxed: install it (\`sudo apt-get install bubblewrap\`, or your distribution's bubblewrap package), ${OFF_HINT}.`,
      };
    }
    return probeBwrap(path);
  }
  if (platform === 'darwin') {
    const path = findOnPath('sandbox-exec', env.PATH ?? '/usr/bin');
    if (path !== undefined) return { ok: true, program: 'sandbox-exec', path };
    return {
      ok: false,
      program: 'sandbox-exec',
      problem: `The sandbox is on, but macOS's \`sandbox-exec\` was not found (it lives in /usr/bin), so commands cannot run sandboxed: put /usr/bin on PATH, ${OFF_HINT}.`,
    };
  }
  return {
    ok: false,
    problem: `The sandbox is on, but Wave has no sandbox for ${platform === 'win32' ? 'Windows' : platform}, so commands cannot run sandboxed: run Wave in WSL (Linux, with bubblewrap), ${OFF_HINT}.`,
  };
}
