// Reads the memory files (memory-files.ts) and the files they import (`@path`, import-paths.ts):
// each import follows its importer, at most five levels deep; a file already read is not read
// again (a cycle, or CLAUDE.md linked to AGENTS.md), a missing or unreadable one is a warning.
// A project's file is the repository's word: it may import only files inside the repository
// (real paths: `../..` and links are followed first), and a memory file that is a link is read
// only when it leads inside, unless the user trusted the folder (an import of `~/.ssh/id_rsa`
// would otherwise send the key to the model). A file a deny rule for Read covers is not read. What the model reads is bounded per file and in total, with a warning at a cut.
import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { ContextScope } from '@wave-agent/shared-protocol';
import { importPaths } from './import-paths.js';
import { foldersFromRoot, memoryCandidates } from './memory-files.js';
import { errorText } from '@wave-agent/shared-protocol';

export const MAX_IMPORT_DEPTH = 5;
export const MAX_MEMORY_FILE_CHARS = 40_000;
export const MAX_MEMORY_TOTAL_CHARS = 80_000;

export interface MemoryFile {
  readonly path: string;
  readonly scope: ContextScope;
  /** What the model reads (cut to the bounds). */
  readonly content: string;
  readonly importedFrom?: string;
}

export interface LoadedMemory {
  readonly files: readonly MemoryFile[];
  readonly warnings: readonly string[];
}

export interface MemoryInput {
  readonly workdir: string;
  readonly waveHome: string;
  /** The user's Claude Code folder (~/.claude), when it is read. */
  readonly claudeHome?: string;
  /** The user trusted the work folder: its files may import from outside the repository. */
  readonly trusted: boolean;
  /** For `@~/…`; default the user's home. */
  readonly homeDir?: string;
  /** Whether a deny rule for Read covers a real path: such a file is not read, nor what it imports. */
  readonly denied?: (realPath: string) => boolean;
  readonly maxFileChars?: number;
  readonly maxTotalChars?: number;
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

export function loadMemory(input: MemoryInput): LoadedMemory {
  const maxFile = input.maxFileChars ?? MAX_MEMORY_FILE_CHARS;
  const maxTotal = input.maxTotalChars ?? MAX_MEMORY_TOTAL_CHARS;
  const home = input.homeDir ?? homedir();
  const root = foldersFromRoot(input.workdir)[0] ?? input.workdir;
  const repository = realOrUndefined(root) ?? root;
  const files: MemoryFile[] = [];
  const warnings: string[] = [];
  const read = new Set<string>();
  let total = 0;
  let cutFiles = 0;

  const resolveImport = (path: string, from: string): string => {
    if (path === '~' || path.startsWith('~/')) return resolve(home, path.slice(2));
    return resolve(dirname(from), path);
  };

  const visit = (
    path: string,
    scope: ContextScope,
    chain: readonly string[],
    importedFrom?: string,
  ): void => {
    const real = realOrUndefined(path);
    if (real === undefined) {
      warnings.push(
        `${importedFrom ?? path} imports ${path}, which does not exist; fix or remove the @ line.`,
      );
      return;
    }
    if (chain.includes(real)) {
      warnings.push(
        `${importedFrom ?? path} imports ${path}, which imports it back; the cycle was cut there.`,
      );
      return;
    }
    // A project's file (an import, or a memory file that is a link) stays in the repository.
    if (scope === 'project' && !input.trusted && !isInside(repository, real)) {
      warnings.push(
        importedFrom === undefined
          ? `${path} is a link to ${real}, which is outside the repository; a project's memory file is read from outside it only once you trust the folder.`
          : `${importedFrom} imports ${path}, which is outside the repository; a project's file may import files from outside it only once you trust the folder.`,
      );
      return;
    }
    if (input.denied?.(real) === true) {
      warnings.push(
        `${importedFrom === undefined ? path : `${importedFrom} imports ${path}, which`} is covered by a deny rule for Read in your permission settings, so the model does not see it.`,
      );
      return;
    }
    if (read.has(real)) return; // Read once, where it first came.
    read.add(real);
    let text: string;
    try {
      text = readFileSync(real, 'utf8');
    } catch (error) {
      warnings.push(
        `${path} could not be read (${errorText(error)}), so the model does not see it.`,
      );
      return;
    }
    const room = Math.min(maxFile, maxTotal - total);
    if (room <= 0) {
      cutFiles++;
      return;
    }
    const content =
      text.length > room
        ? `${text.slice(0, room)}\n[… cut: the file has ${text.length} characters]`
        : text;
    if (text.length > room)
      warnings.push(
        `${path} has ${text.length} characters; the model reads the first ${room} (memory is bounded to ${maxFile} characters a file and ${maxTotal} in all).`,
      );
    total += Math.min(text.length, room);
    files.push({ path, scope, content, ...(importedFrom !== undefined ? { importedFrom } : {}) });
    const imports = importPaths(text);
    if (imports.length === 0) return;
    if (chain.length >= MAX_IMPORT_DEPTH) {
      warnings.push(
        `${path} imports more files, but imports are followed at most ${MAX_IMPORT_DEPTH} levels deep; they were not read.`,
      );
      return;
    }
    for (const imported of imports)
      visit(resolveImport(imported, real), scope, [...chain, real], path);
  };

  for (const candidate of memoryCandidates(input.workdir, input.waveHome, input.claudeHome))
    visit(candidate.path, candidate.scope, []);
  if (cutFiles > 0)
    warnings.push(
      `Memory is bounded to ${maxTotal} characters in all; ${cutFiles === 1 ? 'one more file was' : `${cutFiles} more files were`} not read. Shorten the instruction files or their imports.`,
    );
  return { files, warnings };
}
