// Whether the user trusted a work folder at all: it has an entry in $WAVE_HOME's trusted folders
// (answered yes to its trust question and remembered it, or `wave trust`). What a folder's files
// only describe (memory, commands, skills) is read either way; what they would turn on beyond
// that (a project memory file's import from outside the repository, a custom command's
// allowed-tools) needs this.
import { realpathSync } from 'node:fs';
import { readTrustedFolders } from './trusted-folders.js';

export function isFolderTrusted(waveHome: string, workdir: string): boolean {
  let folder = workdir;
  try {
    folder = realpathSync(workdir);
  } catch {
    // A folder that cannot be resolved is looked up as given.
  }
  return Object.hasOwn(readTrustedFolders(waveHome).file.folders, folder);
}
