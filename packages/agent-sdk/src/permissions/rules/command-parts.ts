// A Bash command line as the simple commands it runs, so a rule is matched against each of them:
// `npm test && rm -rf /` is two commands, and `echo $(curl x)` runs `curl x` too. Parsed with
// unbash (a typed Bash parser; no tokenizer of our own). What the parser cannot read, and shell
// constructs that decide at run time what runs (if, for, while, case, functions…), are not
// "understood": no allow rule can pass them (Wave asks), while deny rules still look at every
// simple command found inside.
import type * as UnbashModule from 'unbash';
import type { SyntaxNode } from 'unbash';
import { errorText } from '@wave-agent/shared-protocol';

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
  readonly forEachChild: Unbash['forEachChild'];
  readonly source: string;
  readonly parts: CommandPart[];
  why?: string;
}

function simpleCommand(node: Extract<SyntaxNode, { type: 'Command' }>, walk: Walk): CommandPart {
  const slice = (item: { pos: number; end: number }) => walk.source.slice(item.pos, item.end);
  const assignments = node.prefix.filter((item) => item.type === 'Assignment').map(slice);
  const words = [
    ...(node.name ? [slice(node.name)] : []),
    ...node.suffix.filter((item) => item.type === 'Word' || item.type === 'Assignment').map(slice),
  ];
  return {
    words: [...assignments, ...words].join(' '),
    bareWords: words.join(' '),
    text: slice(node),
    redirectsFiles: node.redirects.some(redirectsAFile),
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
  walk.forEachChild(node, (child) => visit(child, walk));
}

export async function splitCommand(command: string): Promise<SplitCommand> {
  const { forEachChild, parse } = await (unbash ??= import('unbash'));
  const walk: Walk = { forEachChild, source: command, parts: [] };
  try {
    visit(parse(command), walk);
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
