// macOS: the same layout as a Seatbelt profile for sandbox-exec. Everything is allowed but
// writing outside the writable folders, reading the hidden credential paths, and (unless
// allowed) the network. In Seatbelt the last matching rule wins, so exceptions come after.
import type { SandboxLayout } from './sandbox-layout.js';

/** A string in the profile language: backslashes and quotes escaped. */
function quoted(path: string): string {
  return `"${path.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

export function seatbeltProfile(layout: SandboxLayout): string {
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  const writable = [layout.tempFolder, ...layout.writable].map(
    (path) => `(subpath ${quoted(path)})`,
  );
  // Terminals and /dev/null are written by almost every program.
  writable.push('(literal "/dev/null")', '(regex #"^/dev/tty")', '(regex #"^/dev/fd/")');
  lines.push(`(allow file-write* ${writable.join(' ')})`);
  // What decides permissions later, existing or not (a path rule needs no mount point).
  for (const { path } of layout.protected)
    lines.push(`(deny file-write* (subpath ${quoted(path)}))`);
  for (const { path } of layout.hidden) lines.push(`(deny file-read* (subpath ${quoted(path)}))`);
  for (const path of layout.readable) lines.push(`(allow file-read* (subpath ${quoted(path)}))`);
  if (!layout.network) {
    lines.push('(deny network*)', '(allow network* (local unix))');
  }
  return `${lines.join('\n')}\n`;
}
