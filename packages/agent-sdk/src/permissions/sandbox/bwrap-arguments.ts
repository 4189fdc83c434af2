// bubblewrap's command line for one sandboxed command: the whole file system read-only, the
// writable folders bound back writable, credential paths covered by an empty folder or file,
// its own namespaces (PID, IPC, UTS, user, cgroup, and network unless allowed), and it dies
// with Wave. Later mounts cover earlier ones, so the order below is the policy.
import type { SandboxLayout } from './sandbox-layout.js';
import { isInside } from './sandbox-layout.js';

/** The arguments that go before the command itself. */
export function bwrapArguments(layout: SandboxLayout): string[] {
  const args = ['--die-with-parent', '--unshare-all'];
  if (layout.network) args.push('--share-net');
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
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
  for (const path of layout.readable) args.push('--ro-bind', path, path);
  args.push('--chdir', layout.workdir);
  return args;
}
