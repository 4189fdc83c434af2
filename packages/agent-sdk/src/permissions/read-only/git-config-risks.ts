// What in a repository's own git configuration would make a git read command run a program
// (`core.fsmonitor` runs for `git status`, `diff.external` and textconv drivers for `git diff`,
// `core.pager`, filters, includes that could bring any of these). The work folder is untrusted
// (a downloaded folder can hold its .git/config), so such a key makes git commands ask. The
// user's own ~/.gitconfig is theirs and is not read here.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { errorText } from '@wave-agent/shared-protocol';
import { errorCode } from '../../tools/error-details.js';

/** `section.key` (lower case; a subsection is `*`) that run a program, or load more config. */
const RISKY = [
  /^core\.(fsmonitor|pager|sshcommand|editor|askpass|gitproxy|hookspath|worktree)$/,
  /^diff\.external$/,
  /^diff\.\*\.(textconv|command)$/,
  /^filter\.\*\./,
  /^(include|includeif)(\.\*)?\.path$/,
  /^pager\./,
  /^gpg\.(\*\.)?program$/,
  /^log\.showsignature$/,
  /^interactive\.difffilter$/,
  /^uploadpack\.packobjectshook$/,
  /^sequence\.editor$/,
];

/** The risky keys a config file's text sets, as `section.key`. */
export function riskyKeys(text: string): string[] {
  const found: string[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([^\s\]"]+)(\s+"[^"]*")?\s*\]\s*(.*)$/.exec(line);
    if (header) {
      // `[diff "x"]` and the old `[diff.x]` are both a subsection: `diff.*`.
      const name = (header[1] ?? '').toLowerCase();
      const sub = header[2] !== undefined || name.includes('.');
      section = sub ? `${name.split('.')[0] ?? ''}.*` : name;
      // `[core] fsmonitor = x` on one line.
      const rest = header[3] ?? '';
      if (rest === '' || rest.startsWith('#') || rest.startsWith(';')) continue;
      const key = /^([A-Za-z][\w-]*)/.exec(rest)?.[1];
      if (key !== undefined) check(`${section}.${key.toLowerCase()}`);
      continue;
    }
    const key = /^([A-Za-z][\w-]*)/.exec(line)?.[1];
    if (key !== undefined) check(`${section}.${key.toLowerCase()}`);
  }
  return [...new Set(found)];

  function check(name: string): void {
    if (RISKY.some((pattern) => pattern.test(name))) found.push(name);
  }
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** The repository's git folder for this folder (walking up), or undefined outside a repository. */
async function gitFolder(folder: string): Promise<string | undefined> {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const info = await stat(dotGit).catch(() => undefined);
    if (info?.isDirectory()) return dotGit;
    if (info?.isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec((await readIfThere(dotGit)) ?? '')?.[1];
      return pointer === undefined ? dotGit : resolve(dir, pointer.trim());
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Why git's read commands in this folder could run a program its repository configures, or
 * undefined when its configuration sets nothing of the kind.
 */
export async function gitConfigRisk(folder: string): Promise<string | undefined> {
  try {
    const git = await gitFolder(folder);
    if (git === undefined) return undefined;
    const common = (await readIfThere(join(git, 'commondir')))?.trim();
    const files = [join(git, 'config'), join(git, 'config.worktree')];
    if (common) files.push(join(resolve(git, common), 'config'));
    for (const file of files) {
      const text = await readIfThere(file);
      const keys = text === undefined ? [] : riskyKeys(text);
      if (keys.length > 0)
        return `the repository's git configuration (${file}) sets ${keys.join(', ')}, which makes git run a program`;
    }
    return undefined;
  } catch (error) {
    return `the repository's git configuration could not be read (${errorText(error)})`;
  }
}
