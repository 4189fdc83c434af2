// bubblewrap's command line for one sandboxed command: the whole file system read-only, a /tmp
// of the session's own (the host's sockets there out of reach), the writable folders bound back
// writable, what decides permissions kept read-only inside them, credential paths and socket
// places covered by an empty folder or file, its own namespaces (PID, IPC, UTS, user, cgroup,
// and network unless allowed), and it dies with Wave. Later mounts cover earlier ones, so the
// order below is the policy. Sources are read from the host's file system, whatever covers
// their path inside by then.
import type { SandboxLayout } from './sandbox-layout.js';
import { isInside } from './sandbox-paths.js';

/** The sandbox's own /tmp: the session's temp folder (TMPDIR points there). */
export const SANDBOX_TMP = '/tmp';

/** The arguments that go before the command itself. */
export function bwrapArguments(layout: SandboxLayout): string[] {
  const args = ['--die-with-parent', '--unshare-all'];
  if (layout.network) args.push('--share-net');
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  args.push('--bind', layout.tempFolder, SANDBOX_TMP);
  const insideWritable = (path: string) => layout.writable.some((folder) => isInside(path, folder));
  const hide = (path: string, isDirectory: boolean) =>
    isDirectory ? ['--tmpfs', path] : ['--ro-bind', '/dev/null', path];
  // A credential folder outside the writable ones is covered first, so a work folder inside it
  // (~/.config/project) is bound back over the cover.
  for (const { path, isDirectory } of layout.hidden)
    if (!insideWritable(path)) args.push(...hide(path, isDirectory));
  for (const folder of layout.writable) args.push('--bind', folder, folder);
  // One inside a writable folder (working in the home folder) is covered after it.
  for (const { path, isDirectory } of layout.hidden)
    if (insideWritable(path)) args.push(...hide(path, isDirectory));
  // Read-only as it is; an absent one as an empty read-only folder, so it cannot be made.
  for (const { path, exists } of layout.protected)
    args.push(...(exists ? ['--ro-bind', path, path] : ['--tmpfs', path, '--remount-ro', path]));
  for (const path of layout.readable) args.push('--ro-bind', path, path);
  args.push('--chdir', layout.workdir);
  return args;
}
