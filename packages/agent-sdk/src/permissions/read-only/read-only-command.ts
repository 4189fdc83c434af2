// Whether a Bash command is read-only, judged on the shell parser's result (rules/command-parts.ts),
// never on its raw text: every simple command in it must be a program on the list
// (read-only-commands.ts) with arguments the list keeps read-only, with no redirection that writes,
// no nested command, nothing its parser cannot fix before it runs. What it reads is given back
// (files and folders, as written) for read-only-gate.ts to check against the work folder and the
// Read rules. A refusal says why in a sentence the permission question shows.
import type { CommandPart, PartWord, SplitCommand } from '../rules/command-parts.js';
import { programName, runsOtherCommands } from '../rules/command-wrappers.js';
import type { CommandSpec } from './read-only-commands.js';
import { NOT_READ_ONLY, READ_ONLY_COMMANDS } from './read-only-commands.js';

/** A path a read-only command reads, as written, and the folder it is relative to (`git -C`). */
export interface ReadPath {
  readonly path: string;
  /** Relative to the command's folder, or to this folder (as written) below it. */
  readonly from?: string;
  /** A glob the shell expands (`src/*.ts`): every match is checked. */
  readonly glob?: boolean;
}

export type ReadOnlyJudgement =
  | {
      readonly readOnly: true;
      /** Files and folders it names (their names or content: both must be inside and readable). */
      readonly reads: readonly ReadPath[];
      /** Folders whose files' content it reads (Read rules covering any file there make it ask). */
      readonly readsUnder: readonly ReadPath[];
      /** Folders git runs in (their repository's configuration can make git run programs). */
      readonly gitFolders: readonly ReadPath[];
    }
  | { readonly readOnly: false; readonly why: string };

interface PartReads {
  readonly reads: ReadPath[];
  readonly readsUnder: ReadPath[];
  readonly gitFolders: ReadPath[];
}

const WRITING_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const DESCRIPTOR = /^(\d+|-)$/;

class NotReadOnly extends Error {}

function refuse(why: string): never {
  throw new NotReadOnly(why);
}

function code(text: string): string {
  return `\`${text}\``;
}

function expansionWhy(word: PartWord): string {
  switch (word.expands) {
    case 'command':
      return word.text.includes('`')
        ? `a nested command in backticks (${word.text}) runs before it and can't be checked before it runs`
        : `a nested command (${code(word.text)}) runs before it and can't be checked before it runs`;
    case 'variable':
      return `${code(word.text)} is expanded when it runs, so what it reads can't be checked before it runs`;
    default:
      return `${code(word.text)} is expanded when it runs, so what it reads can't be checked before it runs`;
  }
}

function checkRedirections(part: CommandPart, reads: PartReads): void {
  for (const redirect of part.redirections) {
    const target = redirect.target;
    if (target?.expands !== undefined && target.expands !== 'glob') refuse(expansionWhy(target));
    if (target === undefined || target.value === '/dev/null') continue;
    if (redirect.operator === '>&' || redirect.operator === '<&') {
      if (DESCRIPTOR.test(target.value)) continue;
      refuse(`output redirection (${code(redirect.text)}) writes to a file, which needs approval`);
    }
    if (WRITING_REDIRECTS.has(redirect.operator))
      refuse(`output redirection (${code(redirect.text)}) writes to a file, which needs approval`);
    if (target.expands === 'glob') refuse(expansionWhy(target));
    reads.reads.push({ path: target.value });
  }
}

/** What one option word means for this spec: its name, and how many values it takes. */
interface OptionSpec {
  readonly values: number;
  readonly path: boolean;
}

/** How the spec lists this option; with `inline` (`--color=auto`), its form that takes a value. */
function optionSpec(spec: CommandSpec, name: string, inline = false): OptionSpec | undefined {
  const listed = spec.options ?? [];
  const withValue = listed.find((option) => option.startsWith(`${name}=`));
  const flag = listed.includes(name);
  if (withValue !== undefined && (inline || !flag)) {
    const kind = withValue.slice(name.length + 1);
    return { values: kind === '2' ? 2 : 1, path: kind === 'path' };
  }
  return flag ? { values: 0, path: false } : undefined;
}

function refusedOption(spec: CommandSpec, program: string, name: string): never {
  const why = spec.refused?.[name];
  refuse(
    why !== undefined
      ? `${why}, which needs approval`
      : `${code(`${program} ${name}`)} is not an option Wave knows to keep ${program} read-only`,
  );
}

interface Parsed {
  readonly operands: PartWord[];
  /** The values each option was given (`-e 5p` → `-e`: [`5p`]). */
  readonly values: Map<string, string[]>;
  readonly options: Set<string>;
  readonly optionPaths: string[];
  /** The index of the first word after the options (where a subcommand starts). */
  readonly end: number;
}

/**
 * Reads the options of `words` (from `start`) against the spec; stops at the first operand when
 * `stopAtOperand` (git's subcommand), else collects every operand.
 */
function parseArguments(
  words: readonly PartWord[],
  start: number,
  spec: CommandSpec,
  program: string,
  stopAtOperand: boolean,
): Parsed {
  const operands: PartWord[] = [];
  const options = new Set<string>();
  const optionPaths: string[] = [];
  const given = new Map<string, string[]>();
  let index = start;
  const takeValues = (name: string, option: OptionSpec, inline: string | undefined) => {
    const values: PartWord[] = [];
    let needed = option.values;
    if (inline !== undefined) {
      values.push({ value: inline, text: inline });
      needed -= 1;
    }
    for (; needed > 0; needed -= 1) {
      const value = words[index];
      if (value === undefined) break;
      values.push(value);
      index += 1;
    }
    for (const value of values) {
      if (value.expands !== undefined) refuse(expansionWhy(value));
      if (option.path) optionPaths.push(value.value);
    }
    given.set(name, [...(given.get(name) ?? []), ...values.map((value) => value.value)]);
  };
  let onlyOperands = false;
  for (let word = words[index]; word !== undefined; word = words[index]) {
    index += 1;
    if (
      onlyOperands ||
      word.value === '-' ||
      !word.value.startsWith('-') ||
      word.expands !== undefined
    ) {
      if (word.expands !== undefined && word.expands !== 'glob') refuse(expansionWhy(word));
      if (stopAtOperand)
        return { operands: [word], values: given, options, optionPaths, end: index - 1 };
      operands.push(word);
      continue;
    }
    if (word.value === '--') {
      onlyOperands = true;
      continue;
    }
    if (word.value.startsWith('--')) {
      const equals = word.value.indexOf('=');
      const name = equals === -1 ? word.value : word.value.slice(0, equals);
      const inline = equals === -1 ? undefined : word.value.slice(equals + 1);
      const option = optionSpec(spec, name, inline !== undefined);
      if (option === undefined) {
        // `--color=always` is listed as `--color=`; `--porcelain` and `--porcelain=v2` both.
        if (spec.options?.includes(word.value)) {
          options.add(word.value);
          continue;
        }
        refusedOption(spec, program, name);
      }
      if (option.values === 0 && inline !== undefined) refusedOption(spec, program, word.value);
      options.add(name);
      takeValues(name, option, inline);
      continue;
    }
    if (/^-\d+$/.test(word.value) && spec.options?.includes('-#')) continue;
    // The whole word first (`-uno`, `-vv`), then a cluster of short flags (`-rn`, `-n5`).
    if (spec.options?.includes(word.value)) {
      options.add(word.value);
      continue;
    }
    for (let at = 1; at < word.value.length; at++) {
      const name = `-${word.value[at] ?? ''}`;
      const option = optionSpec(spec, name);
      if (option === undefined) refusedOption(spec, program, name);
      options.add(name);
      if (option.values > 0) {
        const attached = word.value.slice(at + 1);
        takeValues(name, option, attached === '' ? undefined : attached);
        break;
      }
    }
  }
  return { operands, values: given, options, optionPaths, end: index };
}

/** find's expression: tests and printing to stdout only (no -exec, -delete, -fprint…). */
const FIND_TESTS_WITH_VALUE = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-type',
  '-xtype',
  '-maxdepth',
  '-mindepth',
  '-size',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-newer',
  '-perm',
  '-user',
  '-group',
  '-uid',
  '-gid',
  '-links',
  '-printf',
  '-regextype',
  '-inum',
  '-samefile',
  '-used',
]);
const FIND_TESTS = new Set([
  '-print',
  '-print0',
  '-prune',
  '-empty',
  '-not',
  '!',
  '-o',
  '-or',
  '-a',
  '-and',
  '(',
  ')',
  ',',
  '-true',
  '-false',
  '-readable',
  '-writable',
  '-executable',
  '-nouser',
  '-nogroup',
  '-depth',
  '-mount',
  '-xdev',
  '-quit',
  '-ls',
  '-P',
  '-H',
  '-d',
  '-noleaf',
  '-daystart',
]);
const FIND_REFUSED: Readonly<Record<string, string>> = {
  '-exec': "find -exec runs another command for each file, which can't be checked before it runs",
  '-execdir':
    "find -execdir runs another command for each file, which can't be checked before it runs",
  '-ok': "find -ok runs another command for each file, which can't be checked before it runs",
  '-okdir': "find -okdir runs another command for each file, which can't be checked before it runs",
  '-delete': 'find -delete deletes files, which needs approval',
  '-fprint': 'find -fprint writes to a file, which needs approval',
  '-fprint0': 'find -fprint0 writes to a file, which needs approval',
  '-fprintf': 'find -fprintf writes to a file, which needs approval',
  '-fls': 'find -fls writes to a file, which needs approval',
  '-L': 'find -L follows links, also out of the work folder, which needs approval',
  '-follow': 'find -follow follows links, also out of the work folder, which needs approval',
};

function checkFind(words: readonly PartWord[], reads: PartReads): void {
  let index = 1;
  const starts: PartWord[] = [];
  for (let word = words[index]; word !== undefined; word = words[++index]) {
    if (word.expands !== undefined && word.expands !== 'glob') refuse(expansionWhy(word));
    if (/^[-!(),]/.test(word.value) && word.value !== '-') break;
    starts.push(word);
  }
  for (let word = words[index]; word !== undefined; word = words[++index]) {
    if (word.expands !== undefined && word.expands !== 'glob') refuse(expansionWhy(word));
    const why = FIND_REFUSED[word.value];
    if (why !== undefined) refuse(why);
    if (FIND_TESTS_WITH_VALUE.has(word.value)) {
      index += 1;
      continue;
    }
    if (!FIND_TESTS.has(word.value))
      refuse(`${code(`find ${word.value}`)} is not a test Wave knows to keep find read-only`);
  }
  for (const start of starts) reads.reads.push(readPath(start));
  if (starts.length === 0) reads.reads.push({ path: '.' });
}

/** sed scripts that only print lines: `5p`, `1,20p`, `$p`, `/re/p`, `10q`. */
const SED_PRINT = /^(\d+|\$|\/[^/]*\/)?(,(\d+|\$|\/[^/]*\/))?[pq]$|^\d+q$/;

function checkSedScript(scripts: readonly string[]): void {
  for (const script of scripts) {
    const commands = script
      .split(/[;\n]/)
      .map((command) => command.trim())
      .filter(Boolean);
    for (const command of commands)
      if (!SED_PRINT.test(command))
        refuse(
          `the sed script ${code(script)} is more than printing lines (sed can write files with w and run commands with e), which needs approval`,
        );
  }
}

function checkJqFilter(filter: string): void {
  if (/\benv\b|\$ENV|\binput_filename\b|\$__loc__/.test(filter))
    refuse(`the jq filter ${code(filter)} reads the environment, which can hold keys`);
}

function readPath(word: PartWord, from?: string): ReadPath {
  return {
    path: word.value,
    ...(from !== undefined ? { from } : {}),
    ...(word.expands === 'glob' ? { glob: true } : {}),
  };
}

function checkProgram(
  words: readonly PartWord[],
  start: number,
  spec: CommandSpec,
  name: string,
  reads: PartReads,
  from: string | undefined,
): void {
  if (spec.check === 'find') return checkFind(words, reads);
  const parsed = parseArguments(words, start, spec, name, spec.subcommands !== undefined);
  const { options } = parsed;
  for (const path of parsed.optionPaths) reads.reads.push({ path, ...(from ? { from } : {}) });
  if (spec.subcommands !== undefined) {
    // git: its own options (`-C dir`), then one subcommand and its arguments.
    const folder = parsed.optionPaths.at(-1) ?? from;
    reads.gitFolders.push({ path: folder ?? '.' });
    const sub = parsed.operands[0];
    if (sub === undefined) {
      if (options.has('--version')) return;
      refuse(`${code(name)} without a subcommand is not on the list of read-only commands`);
    }
    if (options.has('--version')) refusedOption(spec, name, '--version');
    const subSpec = spec.subcommands[sub.value];
    if (subSpec === undefined) {
      const why = spec.refusedSubcommands?.[sub.value];
      refuse(
        why !== undefined
          ? `${code(`${name} ${sub.value}`)} ${why}, which needs approval`
          : `${code(`${name} ${sub.value}`)} is not on the list of read-only commands`,
      );
    }
    return checkProgram(words, parsed.end + 1, subSpec, `${name} ${sub.value}`, reads, folder);
  }
  let operands = parsed.operands;
  if (spec.operands === 'pattern-then-paths') {
    // grep's and rg's `-e`/`-f` give the pattern; jq's filter is always its first operand.
    const patternGiven =
      spec.check !== 'jq-filter' &&
      (options.has('-e') || options.has('--regexp') || options.has('-f') || options.has('--file'));
    const pattern = patternGiven ? undefined : operands[0];
    if (pattern?.expands !== undefined) refuse(expansionWhy(pattern));
    if (spec.check === 'jq-filter' && pattern !== undefined) checkJqFilter(pattern.value);
    if (!patternGiven) operands = operands.slice(1);
  }
  if (spec.check === 'sed-script') {
    const given = [
      ...(parsed.values.get('-e') ?? []),
      ...(parsed.values.get('--expression') ?? []),
    ];
    if (given.length === 0) {
      const script = operands[0];
      if (script === undefined) refuse(`${code('sed')} without a script is not read-only`);
      if (script.expands !== undefined) refuse(expansionWhy(script));
      checkSedScript([script.value]);
      operands = operands.slice(1);
    } else checkSedScript(given);
    if (!options.has('-n') && !options.has('--quiet') && !options.has('--silent'))
      refuse('sed without -n is not on the list of read-only commands');
  }
  if (spec.needsOption && options.size === 0)
    refuse(
      `${code(name)} without ${spec.options?.join(' or ') ?? 'an option'} runs a script, which needs approval`,
    );
  if (spec.operands === 'text')
    for (const operand of operands)
      if (operand.expands !== undefined) refuse(expansionWhy(operand));
  if (spec.operands === 'none' && operands.length > 0)
    refuse(
      `${code(`${name} ${operands[0]?.text ?? ''}`)} is not on the list of read-only commands`,
    );
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands)
    refuse(
      spec.maxOperands === 0
        ? `${code(`${name} ${operands[0]?.text ?? ''}`)} changes the repository, which needs approval`
        : `${code(name)} with ${operands.length} operands writes the last one, which needs approval`,
    );
  const paths = spec.operands === 'text' ? [] : operands;
  for (const operand of paths) {
    if (operand.expands !== undefined && operand.expands !== 'glob') refuse(expansionWhy(operand));
    reads.reads.push(readPath(operand, from));
  }
  const readsFolders = spec.readsFolders;
  const folders =
    readsFolders === true ||
    (readsFolders !== undefined && readsFolders.some((option) => options.has(option)));
  if (!folders) return;
  for (const operand of paths) reads.readsUnder.push(readPath(operand, from));
  // git's content commands read the repository; grep -r and rg without folders read this one.
  if ((spec.defaultsToHere && paths.length === 0) || spec.operands === 'text')
    reads.readsUnder.push({ path: '.', ...(from !== undefined ? { from } : {}) });
}

function checkPart(
  part: CommandPart,
  reads: PartReads,
  list: ReadonlyMap<string, CommandSpec>,
): void {
  if (part.assigns)
    refuse(
      `${code(part.text)} sets a variable for its program, which can change what it runs, so it needs approval`,
    );
  const [first] = part.argv;
  if (first === undefined) refuse(`${code(part.text)} runs no program`);
  if (first.expands !== undefined) refuse(expansionWhy(first));
  if (first.value.includes('/'))
    refuse(`${code(first.value)} runs a program from a path, not the one on the list`);
  const name = programName(first.value);
  checkRedirections(part, reads);
  const spec = list.get(name);
  if (spec === undefined) {
    const known = NOT_READ_ONLY.get(name);
    if (known !== undefined) refuse(`${known}, which needs approval`);
    if (runsOtherCommands(name))
      refuse(`${name} runs another command, which can't be checked before it runs`);
    refuse(`${code(name)} is not on the list of read-only commands`);
  }
  checkProgram(part.argv, 1, spec, name, reads, undefined);
}

/** Whether every part of this parsed command is read-only, and what it reads. */
export function judgeReadOnly(
  split: SplitCommand,
  list: ReadonlyMap<string, CommandSpec> = READ_ONLY_COMMANDS,
  /** Parts the user's allow rules allow: not judged (`make lint && git status`). */
  allowed: (part: CommandPart) => boolean = () => false,
): ReadOnlyJudgement {
  if (!split.understood)
    return { readOnly: false, why: `the command ${split.why ?? 'could not be read'}` };
  const reads: PartReads = { reads: [], readsUnder: [], gitFolders: [] };
  try {
    for (const part of split.parts) if (!allowed(part)) checkPart(part, reads, list);
  } catch (error) {
    if (error instanceof NotReadOnly) return { readOnly: false, why: error.message };
    throw error;
  }
  return { readOnly: true, ...reads };
}
