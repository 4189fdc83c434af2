// A Bash command line as the simple commands it runs, so a rule is matched against each of them:
// `npm test && rm -rf /` is two commands, and `echo $(curl x)` runs `curl x` too. Parsed with
// unbash (a typed Bash parser; no tokenizer of our own). What the parser cannot read, and shell
// constructs that decide at run time what runs (if, for, while, case, functions…), are not
// "understood": no allow rule can pass them (Wave asks), while deny rules still look at every
// simple command found inside. Each command also carries what it runs through a wrapper
// (command-wrappers.ts: `sudo /bin/rm x` runs `rm x`, `bash -c 'rm x'` runs `rm x`), for deny
// and ask rules, and says when it hides its program (`$x y`, `eval "$x"`).
import type * as UnbashModule from 'unbash';
import type { SyntaxNode } from 'unbash';
import { errorText } from '@wave-agent/shared-protocol';
import { innerCommands, programName } from './command-wrappers.js';
import type { ShellWord } from './command-wrappers.js';

/** The parser, loaded with the first command to split (230 KB that a session without Bash rules
 * or Bash calls never compiles: start-up, issue 27). */
type Unbash = typeof UnbashModule;
let unbash: Promise<Unbash> | undefined;

export interface CommandPart {
  /** The command's words as written (assignments first, redirections left out), one space apart. */
  readonly words: string;
  /** The same without leading `VAR=value` assignments. */
  readonly bareWords: string;
  /** The whole simple command as written, redirections included. */
  readonly text: string;
  /** Writes or reads a file through a redirection (`> out`, `< in`); `2>&1` and `/dev/null` do not count. */
  readonly redirectsFiles: boolean;
  /**
   * What it runs, quotes removed and programs named without their folder: itself (`\\rm x` and
   * `/bin/rm x` are `rm x`), then every command it runs through a wrapper or a shell script
   * (`sudo rm x`: `rm x`; `bash -c 'ls; rm x'`: `ls` and `rm x`). Deny and ask rules match these.
   */
  readonly runs: readonly string[];
  /** Why a parser cannot name everything it runs (`$x y`, `eval "$x"`, `… | sh`). */
  readonly hides?: string;
  /** Every word's value is fixed before it runs (no `$x`, `$(…)`, glob or braces). */
  readonly fixed: boolean;
  /** The program and its arguments one by one (assignments left out): for the read-only list. */
  readonly argv: readonly PartWord[];
  /** Its redirections to and from files (here-documents left out). */
  readonly redirections: readonly PartRedirection[];
  /** It sets variables for its program (`LESSOPEN=… less x`, `GIT_DIR=… git log`). */
  readonly assigns: boolean;
}

/** What makes a word's value known only when it runs (the first such piece, outermost first). */
export type WordExpansion = 'command' | 'variable' | 'glob' | 'other';

export interface PartWord {
  /** Its value once quotes are removed. */
  readonly value: string;
  /** As written. */
  readonly text: string;
  /** Undefined when its value is fixed before it runs. */
  readonly expands?: WordExpansion;
}

export interface PartRedirection {
  /** `>`, `>>`, `<`, `&>`, `>&`… */
  readonly operator: string;
  /** Where it points (a file, or a descriptor number after `>&`). */
  readonly target?: PartWord;
  /** As written (`> out.txt`). */
  readonly text: string;
}

export interface SplitCommand {
  readonly parts: readonly CommandPart[];
  /** False: parse errors, or a construct an allow rule may not pass (a rule then cannot allow it). */
  readonly understood: boolean;
  /** Why it is not understood, for the question ("it could not be parsed: …"). */
  readonly why?: string;
}

/** Nodes that only join simple commands together: each part is then decided on its own. */
const JOINING = new Set([
  'Script',
  'Statement',
  'AndOr',
  'Pipeline',
  'Subshell',
  'BraceGroup',
  'CompoundList',
  'Command',
  'Negation',
]);

/** Nodes inside a command's words and redirections (expansions hold scripts of their own). */
const WORDLIKE = new Set([
  'Word',
  'Literal',
  'SingleQuoted',
  'DoubleQuoted',
  'AnsiCQuoted',
  'LocaleString',
  'SimpleExpansion',
  'ParameterExpansion',
  'CommandExpansion',
  'ProcessSubstitution',
  'ArithmeticExpansion',
  'BraceExpansion',
  'Glob',
  'ExtendedGlob',
  'Assignment',
  'ArrayValue',
  'Redirect',
  'HereString',
  'HereDoc',
  'HereDocDelimiter',
  'HereDocBody',
  'FileDescriptor',
  'FileDescriptorVariable',
]);

const FD_DUPLICATION = new Set(['>&', '<&']);

function redirectsAFile(redirect: SyntaxNode): boolean {
  if (redirect.type !== 'Redirect') return false; // Here-documents and here-strings feed stdin.
  const target = redirect.target?.text ?? '';
  if (FD_DUPLICATION.has(redirect.operator) && /^(\d+|-)$/.test(target)) return false;
  return target !== '/dev/null';
}

interface Walk {
  readonly unbash: Unbash;
  readonly source: string;
  readonly parts: CommandPart[];
  /** Scripts inside scripts (`bash -c "eval 'sh -c …'"`) this deep are called hidden. */
  readonly depth: number;
  why?: string;
}

const MAX_DEPTH = 8;

/** Parts of a word whose value is fixed before the command runs. */
const FIXED = new Set(['Literal', 'SingleQuoted', 'AnsiCQuoted', 'DoubleQuoted', 'LocaleString']);

interface WordPiece {
  readonly type: string;
  readonly parts?: readonly WordPiece[] | undefined;
}

/** Double quotes are fixed when everything inside them is. */
function isLiteral(parts: readonly WordPiece[]): boolean {
  return parts.every(
    (part) => FIXED.has(part.type) && (part.parts === undefined || isLiteral(part.parts)),
  );
}

/** The first piece of a word whose value is known only when it runs, and what kind it is. */
function expansionOf(parts: readonly WordPiece[] | undefined): WordExpansion | undefined {
  for (const part of parts ?? []) {
    if (part.type === 'CommandExpansion' || part.type === 'ProcessSubstitution') return 'command';
    if (part.type === 'SimpleExpansion' || part.type === 'ParameterExpansion') return 'variable';
    if (part.type === 'Glob' || part.type === 'ExtendedGlob') return 'glob';
    if (!FIXED.has(part.type)) return 'other';
    const inner = expansionOf(part.parts);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function partWord(word: UnbashModule.Word, text: string): PartWord {
  const expands = expansionOf(word.parts);
  return { value: word.value, text, ...(expands !== undefined ? { expands } : {}) };
}

function shellWord(word: UnbashModule.Word | UnbashModule.Assignment): ShellWord {
  // `export A=$b`: an assignment is never a program, only an argument.
  if (word.type === 'Assignment') return { value: word.text, literal: true };
  return { value: word.value, literal: word.parts === undefined || isLiteral(word.parts) };
}

/** The runs of a command's words (see CommandPart.runs), and what they hide. */
function runsOf(words: readonly ShellWord[], walk: Walk): { runs: string[]; hides?: string } {
  const runs: string[] = [];
  let hides: string | undefined;
  const pending: { words: readonly ShellWord[]; depth: number }[] = [{ words, depth: 0 }];
  for (let next = pending.shift(); next; next = pending.shift()) {
    const [first, ...rest] = next.words;
    if (!first) continue;
    runs.push([programName(first.value), ...rest.map((word) => word.value)].join(' '));
    for (const inner of innerCommands(next.words)) {
      if (inner.kind === 'hidden') hides ??= inner.why;
      else if (next.depth + walk.depth >= MAX_DEPTH)
        hides ??= 'it nests commands too deeply to read';
      else if (inner.kind === 'command')
        pending.push({ words: inner.words, depth: next.depth + 1 });
      else {
        const nested = splitWith(walk.unbash, inner.script, walk.depth + next.depth + 1);
        if (!nested.understood && nested.why?.startsWith('it could not be parsed'))
          hides ??= `a script it runs ${nested.why}`;
        for (const part of nested.parts) {
          runs.push(part.words, part.bareWords, part.text, ...part.runs);
          if (part.hides !== undefined) hides ??= part.hides;
        }
      }
    }
  }
  return { runs: [...new Set(runs)], ...(hides !== undefined ? { hides } : {}) };
}

function simpleCommand(node: Extract<SyntaxNode, { type: 'Command' }>, walk: Walk): CommandPart {
  const slice = (item: { pos: number; end: number }) => walk.source.slice(item.pos, item.end);
  const assignments = node.prefix.filter((item) => item.type === 'Assignment').map(slice);
  const wordNodes = [
    ...(node.name ? [node.name] : []),
    ...node.suffix.filter((item) => item.type === 'Word' || item.type === 'Assignment'),
  ];
  const words = wordNodes.map(slice);
  const shellWords = wordNodes.map(shellWord);
  const argv = wordNodes.map((word) =>
    word.type === 'Word' ? partWord(word, slice(word)) : { value: word.text, text: slice(word) },
  );
  const redirections: PartRedirection[] = [];
  for (const redirect of node.redirects) {
    if (redirect.type !== 'Redirect') continue; // Here-documents and here-strings feed stdin.
    redirections.push({
      operator: redirect.operator,
      ...(redirect.target ? { target: partWord(redirect.target, slice(redirect.target)) } : {}),
      text: slice(redirect),
    });
  }
  return {
    words: [...assignments, ...words].join(' '),
    bareWords: words.join(' '),
    text: slice(node),
    redirectsFiles: node.redirects.some(redirectsAFile),
    fixed: shellWords.every((word) => word.literal),
    argv,
    redirections,
    assigns: assignments.length > 0,
    ...runsOf(shellWords, walk),
  };
}

function visit(node: SyntaxNode, walk: Walk): void {
  if ('errors' in node && node.errors && node.errors.length > 0 && walk.why === undefined) {
    walk.why = `it could not be parsed (${node.errors[0]?.message ?? 'syntax error'})`;
  }
  if (node.type === 'Command') walk.parts.push(simpleCommand(node, walk));
  else if (!JOINING.has(node.type) && !WORDLIKE.has(node.type) && walk.why === undefined) {
    walk.why = `it holds shell logic (${node.type}) that no rule can allow`;
  }
  walk.unbash.forEachChild(node, (child) => visit(child, walk));
}

function splitWith(module: Unbash, command: string, depth: number): SplitCommand {
  const walk: Walk = { unbash: module, source: command, parts: [], depth };
  try {
    visit(module.parse(command), walk);
  } catch (error) {
    // A parser failure is a command nobody understood: ask.
    return {
      parts: [],
      understood: false,
      why: `it could not be parsed (${errorText(error)})`,
    };
  }
  if (walk.parts.length === 0 && walk.why === undefined) walk.why = 'it runs no command';
  return {
    parts: walk.parts,
    understood: walk.why === undefined,
    ...(walk.why !== undefined ? { why: walk.why } : {}),
  };
}

export async function splitCommand(command: string): Promise<SplitCommand> {
  return splitWith(await (unbash ??= import('unbash')), command, 0);
}
