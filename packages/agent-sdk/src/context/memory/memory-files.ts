// Where instruction files are found, in the order the model reads them: the user's (Claude
// Code's ~/.claude/CLAUDE.md and ~/.claude/rules/*.md when that folder is read, then
// $WAVE_HOME/AGENTS.md, which comes later and so has the last word), then from the repository
// root down to the work folder each folder's AGENTS.md, WAVE.md, CLAUDE.md and CLAUDE.local.md
// (Claude Code's personal, git-ignored twin), so a Claude Code repository needs nothing new, then
// its `.wave/rules/*.md` and `.claude/rules/*.md` by name.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ContextScope } from '@wave-agent/shared-protocol';

export const INSTRUCTION_FILES = ['AGENTS.md', 'WAVE.md', 'CLAUDE.md', 'CLAUDE.local.md'] as const;
const RULE_FOLDERS = [
  ['.wave', 'rules'],
  ['.claude', 'rules'],
] as const;
/** Rule files read from one folder, so a folder of thousands cannot stall the start. */
const MAX_RULE_FILES = 100;

export interface MemoryCandidate {
  readonly path: string;
  readonly scope: ContextScope;
}

/** The folders from the repository root (the nearest one with `.git`) down to `workdir`. */
export function foldersFromRoot(workdir: string): string[] {
  const folders: string[] = [];
  let dir = workdir;
  for (let depth = 0; depth < 64; depth++) {
    folders.unshift(dir);
    const parent = dirname(dir);
    if (existsSync(join(dir, '.git')) || parent === dir) break;
    dir = parent;
  }
  return folders;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function ruleFiles(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return []; // No rules folder: no rules from it.
  }
  return names
    .filter((name) => name.endsWith('.md'))
    .sort()
    .slice(0, MAX_RULE_FILES)
    .map((name) => join(folder, name))
    .filter(isFile);
}

export function memoryCandidates(
  workdir: string,
  waveHome: string,
  claudeHome?: string,
): MemoryCandidate[] {
  const found: MemoryCandidate[] = [];
  if (claudeHome !== undefined) {
    const claudeMemory = join(claudeHome, 'CLAUDE.md');
    if (isFile(claudeMemory)) found.push({ path: claudeMemory, scope: 'user' });
    for (const path of ruleFiles(join(claudeHome, 'rules'))) found.push({ path, scope: 'user' });
  }
  const user = join(waveHome, 'AGENTS.md');
  if (isFile(user)) found.push({ path: user, scope: 'user' });
  for (const folder of foldersFromRoot(workdir)) {
    for (const name of INSTRUCTION_FILES) {
      const path = join(folder, name);
      if (isFile(path)) found.push({ path, scope: 'project' });
    }
    for (const parts of RULE_FOLDERS)
      for (const path of ruleFiles(join(folder, ...parts))) found.push({ path, scope: 'project' });
  }
  return found;
}
