// What a simple command runs besides itself, as far as a shell parser can see: wrappers that run
// the command after their options (`sudo rm`, `env X=1 rm`, `timeout 5 rm`, `xargs rm`),
// `find … -exec rm {} ;`, and shells given a script (`bash -c 'rm x'`, `eval 'rm x'`). What is
// decided only at run time — a program in a variable, `eval "$x"`, `sh` reading its input — is
// "hidden": a deny rule cannot see it. Interpreters (`python3 -c`), script files and programs'
// own options that run commands (`git -c core.sshCommand=…`) are not seen through: only the
// sandbox confines those.

/** One word of a command: its value once quotes are removed, and whether that value is fixed. */
export interface ShellWord {
  readonly value: string;
  /** False when the word expands at run time (`$x`, `$(…)`, a glob, braces). */
  readonly literal: boolean;
}

export type Inner =
  /** Runs these words as a command (its program is `words[0]`). */
  | { readonly kind: 'command'; readonly words: readonly ShellWord[] }
  /** Runs this text as shell source. */
  | { readonly kind: 'script'; readonly script: string }
  /** Runs something no parser can name before it runs. */
  | { readonly kind: 'hidden'; readonly why: string };

/** A program as a rule names it: `/bin/rm` and `./rm` are `rm`. */
export function programName(value: string): string {
  const slash = value.lastIndexOf('/');
  return slash === -1 || slash === value.length - 1 ? value : value.slice(slash + 1);
}

interface Options {
  /** Short options that take the next word (or the rest of their cluster) as their value. */
  readonly withValue?: string;
  /** Long options (without `--`) that take the next word when not written `--name=value`. */
  readonly longWithValue?: readonly string[];
  /** Short options that mean the wrapper runs nothing (`command -v rm` only looks rm up). */
  readonly runsNothing?: string;
  /** Words after the options before the program (`timeout`'s duration). */
  readonly operands?: number;
}

/** Wrappers whose program is the first word after their options (and operands). */
const WRAPPERS: ReadonlyMap<string, Options> = new Map<string, Options>([
  ['command', { runsNothing: 'vV' }],
  ['builtin', {}],
  ['exec', { withValue: 'a' }],
  ['nohup', {}],
  ['setsid', {}],
  ['nice', { withValue: 'n', longWithValue: ['adjustment'] }],
  ['timeout', { withValue: 'sk', longWithValue: ['signal', 'kill-after'], operands: 1 }],
  ['time', { withValue: 'fo', longWithValue: ['format', 'output'] }],
  ['stdbuf', { withValue: 'ioe', longWithValue: ['input', 'output', 'error'] }],
  [
    'sudo',
    {
      withValue: 'ugpChDrtUT',
      longWithValue: ['user', 'group', 'prompt', 'close-from', 'host', 'chdir', 'role', 'type'],
      runsNothing: 'lvkKV',
    },
  ],
  ['doas', { withValue: 'uC' }],
  [
    'xargs',
    {
      withValue: 'ILnPdEsa',
      longWithValue: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'eof'],
    },
  ],
  ['env', { withValue: 'uCS', longWithValue: ['unset', 'chdir', 'split-string'] }],
]);

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash']);

const FIND_RUNNERS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Where the options end: the index of the first operand, or why no parser can tell. */
function afterOptions(
  words: readonly ShellWord[],
  options: Options,
): { readonly index: number; readonly runsNothing: boolean; readonly split?: string } {
  let index = 1;
  let runsNothing = false;
  let split: string | undefined;
  while (index < words.length) {
    const word = words[index];
    if (!word || !word.literal) break;
    const { value } = word;
    if (value === '--') return { index: index + 1, runsNothing, ...(split ? { split } : {}) };
    if (!value.startsWith('-') || value === '-') break;
    if (value.startsWith('--')) {
      const [name = '', inline] = value.slice(2).split('=', 2);
      const takes = options.longWithValue?.includes(name) === true;
      if (name === 'split-string') split = inline ?? words[index + 1]?.value;
      index += takes && inline === undefined ? 2 : 1;
      continue;
    }
    index += 1;
    for (let at = 1; at < value.length; at++) {
      const flag = value[at] ?? '';
      if (options.runsNothing?.includes(flag)) runsNothing = true;
      if (options.withValue?.includes(flag)) {
        // `-uroot` holds its value; `-u root` takes the next word.
        const attached = value.slice(at + 1);
        if (flag === 'S') split = attached || words[index]?.value;
        if (attached === '') index += 1;
        break;
      }
    }
  }
  return { index, runsNothing, ...(split !== undefined ? { split } : {}) };
}

function wrapped(words: readonly ShellWord[], options: Options): Inner[] {
  const { index, runsNothing, split } = afterOptions(words, options);
  // `env -S 'rm x'` splits its string into a command: read it as shell words.
  if (split !== undefined) return [{ kind: 'script', script: split }];
  if (runsNothing) return [];
  let start = index + (options.operands ?? 0);
  // env's own assignments (`env X=1 rm`) come before its program.
  if (programName(words[0]?.value ?? '') === 'env')
    while (/^[A-Za-z_]\w*=/.test(words[start]?.value ?? '')) start += 1;
  const rest = words.slice(start);
  return rest.length > 0 ? [{ kind: 'command', words: rest }] : [];
}

function findRuns(words: readonly ShellWord[]): Inner[] {
  const runs: Inner[] = [];
  for (let index = 1; index < words.length; index++) {
    if (!FIND_RUNNERS.has(words[index]?.value ?? '')) continue;
    const start = index + 1;
    let end = start;
    while (end < words.length && !/^[;+]$/.test(words[end]?.value ?? '')) end += 1;
    if (end > start) runs.push({ kind: 'command', words: words.slice(start, end) });
    index = end;
  }
  return runs;
}

function shellRuns(words: readonly ShellWord[]): Inner[] {
  let index = 1;
  let script = false;
  let fromInput = false;
  for (; index < words.length; index++) {
    const word = words[index];
    if (!word?.literal) break;
    const { value } = word;
    if (value === '--' || value === '-') {
      index += 1;
      break;
    }
    if (!/^[-+]/.test(value)) break;
    if (value.startsWith('--')) {
      if (value === '--rcfile' || value === '--init-file') index += 1;
      continue;
    }
    if (value.slice(1).includes('c')) script = true;
    if (value.slice(1).includes('s')) fromInput = true;
    if (/[oO]$/.test(value)) index += 1;
  }
  if (script) {
    const source = words[index];
    if (!source) return [];
    return source.literal
      ? [{ kind: 'script', script: source.value }]
      : [
          {
            kind: 'hidden',
            why: `${words[0]?.value ?? 'the shell'} -c runs a string made at run time`,
          },
        ];
  }
  if (fromInput || index >= words.length)
    return [
      { kind: 'hidden', why: `${words[0]?.value ?? 'the shell'} runs the commands of its input` },
    ];
  return []; // A script file: a program of its own, like `./build.sh`.
}

/** Whether a program runs a command given in its arguments (a wrapper, a shell, eval, find). */
export function runsOtherCommands(program: string): boolean {
  return program === 'eval' || program === 'find' || SHELLS.has(program) || WRAPPERS.has(program);
}

/** What this command runs besides itself (empty: nothing a parser can see). */
export function innerCommands(words: readonly ShellWord[]): Inner[] {
  const first = words[0];
  if (!first) return [];
  if (!first.literal)
    return [{ kind: 'hidden', why: `its program \`${first.value}\` is decided at run time` }];
  const program = programName(first.value);
  if (program === 'eval') {
    const args = words.slice(1);
    if (args.every((word) => word.literal))
      return args.length > 0
        ? [{ kind: 'script', script: args.map((w) => w.value).join(' ') }]
        : [];
    return [{ kind: 'hidden', why: 'eval runs a string made at run time' }];
  }
  if (program === 'find') return findRuns(words);
  if (SHELLS.has(program)) return shellRuns(words);
  const options = WRAPPERS.get(program);
  return options ? wrapped(words, options) : [];
}
