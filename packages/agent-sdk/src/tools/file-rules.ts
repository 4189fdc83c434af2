// What the permission rules say of each file a searching or listing tool finds (Grep, Glob, LS).
// The policy decides a call on the folder it names; these tools then find files below it, and a
// rule such as `Read(.env)` must hold for each of them, not only for the folder: a denied file's
// content (and, Wave's choice, its name) never reaches the model. Judged on real paths, as every
// rule is, so a link cannot lead around one.
import { basename, dirname, join } from 'node:path';
import { realPathOf } from './real-path.js';

/** `deny`: the file is left out of results and listings. `ask`: its content is not searched. */
export type FileVerdict = 'deny' | 'ask';

/** The rules that restrict a call's files, given to the tool by the permission policy. */
export interface FileRules {
  /** What the rules say of the file at this real path (links resolved). */
  verdict(realPath: string): FileVerdict | undefined;
}

/**
 * Judges the files one call finds. A file's real path is its folder's real path (resolved once
 * per folder, so a search of thousands of files costs a realpath per folder) plus its name; a
 * file that is itself a link is resolved on its own.
 */
export class FoundFiles {
  private readonly realFolders = new Map<string, Promise<string>>();

  constructor(private readonly rules: FileRules) {}

  async verdict(path: string, isLink: boolean): Promise<FileVerdict | undefined> {
    return this.rules.verdict(isLink ? await realPathOf(path) : await this.realPath(path));
  }

  private async realPath(path: string): Promise<string> {
    const folder = dirname(path);
    let real = this.realFolders.get(folder);
    if (!real) {
      real = realPathOf(folder);
      this.realFolders.set(folder, real);
    }
    return join(await real, basename(path));
  }
}

/** A note on files left out because deny rules cover them (named by count only). */
export function deniedNote(count: number, what: 'file' | 'entry'): string {
  const plural = what === 'entry' ? 'entries' : 'files';
  return `[${count} ${count === 1 ? what : plural} left out: deny rules for Read in the permission settings cover ${count === 1 ? 'it' : 'them'}.]`;
}
