// What a shell glob in a read-only command matches now, as bash would expand it: segment by
// segment, every entry of a folder (links included, followed as bash follows them), so each match
// can be checked where it really leads. Dot files are matched too: a superset of bash's matches
// is a safe one to check. (A glob library was not used: tinyglobby leaves out links to folders.)
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A glob segment (`*.ts`, `file?.[ch]`) as a regular expression over one name. */
function segmentPattern(segment: string): RegExp {
  let source = '';
  for (let at = 0; at < segment.length; at++) {
    const char = segment[at] ?? '';
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = segment.indexOf(']', at + 2);
      if (close === -1) source += '\\[';
      else {
        const body = segment
          .slice(at + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        source += `[${body}]`;
        at = close;
      }
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

const GLOB_CHARS = /[*?[]/;

/**
 * The paths a relative glob matches below `folder` (absolute), at most `limit` + 1 of them
 * (more than `limit` says "too many").
 */
export async function expandGlob(
  folder: string,
  pattern: string,
  limit: number,
): Promise<string[]> {
  let current = [folder];
  const segments = pattern.split('/').filter((segment) => segment !== '');
  for (const segment of segments) {
    const next: string[] = [];
    for (const dir of current) {
      if (!GLOB_CHARS.test(segment)) {
        next.push(join(dir, segment));
        continue;
      }
      const isDir = await stat(dir).then(
        (info) => info.isDirectory(),
        () => false,
      );
      if (!isDir) continue;
      const matcher = segmentPattern(segment);
      for (const name of await readdir(dir)) {
        if (matcher.test(name)) next.push(join(dir, name));
        if (next.length > limit) return next;
      }
    }
    current = next;
  }
  return current;
}
