// Whether a Bash command may run without a question because it only reads: read-only-command.ts
// judges its parsed parts against the list; this checks what it reads where it really leads
// (links resolved): inside the work folder, not a file a Read deny or ask rule covers, no folder
// read whole where such a rule covers files, and no git command in a repository whose own
// configuration makes git run a program.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { realPathOf } from '../../tools/real-path.js';
import { describeRule } from '../rules/permission-rule.js';
import type { PermissionRule } from '../rules/permission-rule.js';
import type { PermissionRules } from '../rules/permission-rules.js';
import { splitCommand } from '../rules/command-parts.js';
import type { WorkFolderBoundary } from '../work-folder-boundary.js';
import { gitConfigRisk } from './git-config-risks.js';
import { expandGlob } from './shell-glob.js';
import { judgeReadOnly } from './read-only-command.js';
import type { ReadPath } from './read-only-command.js';

export type ReadOnlyVerdict =
  /** Every part only reads, and only what may be read without a question. */
  | { readonly kind: 'read-only' }
  /** It is not read-only (or reads what needs a question): asked as any command is. */
  | { readonly kind: 'ask'; readonly why: string }
  /** It reads a file a Read deny rule covers: refused in every mode, as the rule is. */
  | { readonly kind: 'denied'; readonly why: string; readonly rule: PermissionRule };

/** The most matches of one glob checked before it is asked about instead. */
const MAX_GLOB_MATCHES = 2_000;

export interface ReadOnlyGateOptions {
  readonly workdir: string;
  readonly boundary: WorkFolderBoundary;
  readonly rules?: PermissionRules;
  readonly home?: string;
}

const READ_TOOL = { name: 'Read', permission: 'read-only' as const };

class Asks extends Error {}

/** The absolute paths a written path names (a glob: its matches now). */
async function absolutePaths(read: ReadPath, workdir: string, home: string): Promise<string[]> {
  const expand = (path: string) => {
    if (path === '~' || path.startsWith('~/')) return join(home, path.slice(1));
    if (path.startsWith('~'))
      throw new Asks(`\`${path}\` names another user's home folder, outside the working directory`);
    return path;
  };
  const folder = resolve(workdir, expand(read.from ?? '.'));
  const path = expand(read.path);
  if (!read.glob) return [resolve(folder, path)];
  if (isAbsolute(path) || path.split('/').includes('..'))
    throw new Asks(`\`${read.path}\` is expanded when it runs, outside the working directory`);
  const matches = await expandGlob(folder, path, MAX_GLOB_MATCHES);
  if (matches.length > MAX_GLOB_MATCHES)
    throw new Asks(`\`${read.path}\` matches more than ${MAX_GLOB_MATCHES} files`);
  // No match: the shell passes the pattern itself, a name inside the folder.
  return matches.length > 0 ? matches : [resolve(folder, path)];
}

export async function readOnlyVerdict(
  command: string,
  options: ReadOnlyGateOptions,
): Promise<ReadOnlyVerdict> {
  const { workdir, boundary, rules } = options;
  const judgement = judgeReadOnly(await splitCommand(command), undefined, (part) =>
    rules ? rules.allowsPart(part) : false,
  );
  if (!judgement.readOnly) return { kind: 'ask', why: judgement.why };
  const home = options.home ?? homedir();
  try {
    const named = (
      await Promise.all(judgement.reads.map((read) => absolutePaths(read, workdir, home)))
    ).flat();
    const folders = (
      await Promise.all(judgement.readsUnder.map((read) => absolutePaths(read, workdir, home)))
    ).flat();
    const reach = await boundary.reach([...named, ...folders]);
    if (reach.outside.length > 0)
      return {
        kind: 'ask',
        why: `it reads ${reach.outside.join(', ')}, outside the working directory`,
      };
    if (rules) {
      for (const path of named) {
        const verdict = await rules.decide({
          tool: { ...READ_TOOL, paths: () => [path] },
          input: {},
        });
        if (verdict.behavior === 'deny' && verdict.rule)
          return {
            kind: 'denied',
            rule: verdict.rule,
            why: `it reads ${path}, which the rule ${describeRule(verdict.rule)} denies`,
          };
        if (verdict.behavior === 'ask' && verdict.rule)
          return {
            kind: 'ask',
            why: `it reads ${path}, which the rule ${describeRule(verdict.rule)} asks about`,
          };
      }
      for (const folder of folders) {
        const rule = await rules.readRuleUnder(await realPathOf(folder));
        if (rule)
          return {
            kind: 'ask',
            why: `it reads the files under ${folder}, and the rule ${describeRule(rule)} ${rule.behavior === 'deny' ? 'denies' : 'asks about'} reading some of them`,
          };
      }
    }
  } catch (error) {
    if (error instanceof Asks) return { kind: 'ask', why: error.message };
    throw error;
  }
  for (const folder of new Set(judgement.gitFolders.map((read) => resolve(workdir, read.path)))) {
    const risk = await gitConfigRisk(folder);
    if (risk !== undefined) return { kind: 'ask', why: risk };
  }
  return { kind: 'read-only' };
}
