// The read-only list, entry by entry and refusal by refusal, judged in a real git repository
// with real files and links: what runs without a question, and why the rest is asked about.
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRuleText, type PermissionRule } from '../rules/permission-rule.js';
import { PermissionRules } from '../rules/permission-rules.js';
import { WorkFolderBoundary } from '../work-folder-boundary.js';
import { readOnlyVerdict } from './read-only-gate.js';
import { NOT_READ_ONLY, READ_ONLY_COMMANDS } from './read-only-commands.js';

interface Fixture {
  readonly readOnly: readonly string[];
  readonly writing: readonly { readonly command: string; readonly why: string }[];
}

export const COMMAND_LIST = JSON.parse(
  readFileSync(new URL('./command-list.fixture.json', import.meta.url), 'utf8'),
) as Fixture;

/** A repository like the fixture's: package.json, README.md, src/index.ts, one commit. */
function repository(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-readonly-')));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "demo" }\n');
  writeFileSync(join(dir, 'README.md'), '# Demo\nTODO: more\n');
  writeFileSync(join(dir, 'src', 'index.ts'), '// TODO\nexport {};\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first');
  return dir;
}

const repo = repository();
const home = realpathSync(mkdtempSync(join(tmpdir(), 'wave-readonly-home-')));

function rule(behavior: PermissionRule['behavior'], text: string, workdir = repo): PermissionRule {
  const parsed = parseRuleText(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  const file = join(workdir, '.claude', 'settings.json');
  return { behavior, text, ...parsed, file, kind: 'claude-project', baseDir: workdir, where: file };
}

function verdict(command: string, options: { workdir?: string; rules?: PermissionRule[] } = {}) {
  const workdir = options.workdir ?? repo;
  return readOnlyVerdict(command, {
    workdir,
    boundary: new WorkFolderBoundary(workdir, undefined),
    home,
    ...(options.rules ? { rules: new PermissionRules(options.rules, workdir, home) } : {}),
  });
}

async function why(command: string, options?: Parameters<typeof verdict>[1]): Promise<string> {
  const result = await verdict(command, options);
  if (result.kind === 'read-only') throw new Error(`${command} was judged read-only`);
  return result.why;
}

describe('the measured command list (command-list.fixture.json)', () => {
  it('holds 25 read-only and 26 writing commands', () => {
    expect(COMMAND_LIST.readOnly).toHaveLength(25);
    expect(COMMAND_LIST.writing).toHaveLength(26);
  });

  it.each(COMMAND_LIST.readOnly)('runs `%s` without a question', async (command) => {
    expect(await verdict(command)).toEqual({ kind: 'read-only' });
  });

  it.each(COMMAND_LIST.writing)(
    'asks about `$command`, saying why',
    async ({ command, why: reason }) => {
      expect(await why(command)).toContain(reason);
    },
  );
});

/** A read-only use of every entry of the list (a new entry without one fails the first test). */
const SAMPLES: Readonly<Record<string, string>> = {
  ls: 'ls -la --color=auto src',
  pwd: 'pwd',
  cat: 'cat -n package.json',
  head: 'head -5 README.md',
  tail: 'tail -n 1 README.md',
  wc: 'wc -lw README.md',
  stat: 'stat -c %s README.md',
  file: 'file -b README.md',
  tree: 'tree -L 2 src',
  du: 'du -sh .',
  echo: 'echo -n done',
  printf: "printf '%s\\n' done",
  which: 'which git',
  whoami: 'whoami',
  date: 'date -u +%Y',
  basename: 'basename src/index.ts .ts',
  dirname: 'dirname src/index.ts',
  realpath: 'realpath src',
  sort: 'sort -u -k 1 README.md',
  uniq: 'uniq -c README.md',
  cut: 'cut -d : -f 1 README.md',
  tr: 'tr a-z A-Z < README.md',
  nl: 'nl README.md',
  tac: 'tac README.md',
  rev: 'rev README.md',
  column: 'column -t README.md',
  diff: 'diff -u README.md src/index.ts',
  cmp: 'cmp -s README.md README.md',
  comm: 'comm -12 README.md README.md',
  grep: 'grep -rn -e TODO --include=*.ts src',
  egrep: "egrep 'TODO|FIXME' README.md",
  fgrep: 'fgrep TODO README.md',
  rg: 'rg -n --type ts TODO src',
  find: "find src -type f -name '*.ts' -print",
  sed: "sed -n '1,2p' README.md",
  jq: 'jq -r --arg k v .name package.json',
  md5sum: 'md5sum README.md',
  sha1sum: 'sha1sum README.md',
  sha256sum: 'sha256sum README.md',
  true: 'true',
  uname: 'uname -a',
  node: 'node -v',
  git: 'git --no-pager -C src status --short',
};

const GIT_SAMPLES: Readonly<Record<string, string>> = {
  status: 'git status -sb --porcelain=v1',
  diff: 'git diff --cached --stat HEAD -- src',
  log: 'git log -p -n 3 --format=%H --author=t',
  show: 'git show --name-only HEAD',
  blame: 'git blame -L 1,2 README.md',
  branch: 'git branch -a -vv',
  'rev-parse': 'git rev-parse --short HEAD',
  'ls-files': 'git ls-files -m src',
  'ls-tree': 'git ls-tree -r HEAD',
  grep: 'git grep -n TODO',
  describe: 'git describe --always --dirty',
  shortlog: 'git shortlog -sn',
  'rev-list': 'git rev-list --count HEAD',
  'merge-base': 'git merge-base HEAD HEAD',
  'show-ref': 'git show-ref --heads',
  'cat-file': 'git cat-file -p HEAD',
  'name-rev': 'git name-rev --name-only HEAD',
  'count-objects': 'git count-objects -v',
  remote: 'git remote -v',
  tag: 'git tag -l',
  version: 'git version',
};

describe('every entry of the read-only list', () => {
  it('has a sample here', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...READ_ONLY_COMMANDS.keys()].sort());
    const git = READ_ONLY_COMMANDS.get('git')?.subcommands ?? {};
    expect(Object.keys(GIT_SAMPLES).sort()).toEqual(Object.keys(git).sort());
  });

  it.each(
    Object.entries({
      ...SAMPLES,
      ...Object.fromEntries(Object.entries(GIT_SAMPLES).map(([k, v]) => [`git ${k}`, v])),
    }),
  )('%s: `%s` runs without a question', async (_, command) => {
    expect(await verdict(command)).toEqual({ kind: 'read-only' });
  });
});

/** Every option the list refuses, used once, with the reason it gives. */
function refusals(): [string, string][] {
  const found: [string, string][] = [];
  const use = (prefix: string, option: string) =>
    `${prefix} ${option}${option.startsWith('--') ? '=x' : ''} README.md`;
  for (const [name, spec] of READ_ONLY_COMMANDS) {
    for (const [option, reason] of Object.entries(spec.refused ?? {}))
      found.push([name === 'git' ? `git ${option} x status` : use(name, option), reason]);
    for (const [sub, subSpec] of Object.entries(spec.subcommands ?? {}))
      for (const [option, reason] of Object.entries(subSpec.refused ?? {}))
        found.push([use(`${name} ${sub}`, option), reason]);
    for (const [sub, reason] of Object.entries(spec.refusedSubcommands ?? {}))
      found.push([`${name} ${sub}`, `\`${name} ${sub}\` ${reason}`]);
  }
  for (const [name, reason] of NOT_READ_ONLY) found.push([`${name} README.md`, reason]);
  return found;
}

describe('every refusal of the read-only list', () => {
  it.each(refusals())('`%s` asks: %s', async (command, reason) => {
    expect(await why(command)).toContain(`${reason}`);
  });

  it.each([
    ['find . -execdir rm {} +', 'find -execdir runs another command'],
    ['find . -ok rm {} ;', 'find -ok runs another command'],
    ['find . -fprintf out %p', 'find -fprintf writes to a file'],
    ['find . -fls out', 'find -fls writes to a file'],
    ['find -L . -name x', 'find -L follows links'],
    ['find . -newer README.md -fprint0 out', 'find -fprint0 writes to a file'],
    ['ls 2> errors.txt', 'output redirection (`2> errors.txt`) writes to a file'],
    ['ls &> all.txt', 'output redirection (`&> all.txt`) writes to a file'],
    ['ls >| out.txt', 'output redirection (`>| out.txt`) writes to a file'],
    ['ls >& out.txt', 'output redirection (`>& out.txt`) writes to a file'],
    ['cat <> README.md', 'output redirection (`<> README.md`) writes to a file'],
    ['bash -c ls', 'bash runs another command'],
    ['eval ls', 'eval runs another command'],
    ['env ls', 'env runs another command'],
    ['sudo ls', 'sudo runs another command'],
    ['timeout 5 ls', 'timeout runs another command'],
    ['cat <(ls)', 'a nested command (`<(ls)`) runs before it'],
    ['ls $HOME', '`$HOME` is expanded when it runs'],
    ['cat "$FILE"', '`"$FILE"` is expanded when it runs'],
    ['PAGER=touch git log', 'sets a variable for its program'],
    ['./ls', '`./ls` runs a program from a path'],
    ['if true; then ls; fi', 'the command it holds shell logic'],
    ['echo "unclosed', 'the command it could not be parsed'],
    ['gcc x.c', '`gcc` is not on the list of read-only commands'],
    [
      'make',
      "make runs the project's scripts or builds (they can change anything), which needs approval",
    ],
    ['sort --compress-program=gzip README.md', 'sort --compress-program runs another program'],
    ['sort --foo README.md', '`sort --foo` is not an option Wave knows to keep sort read-only'],
    ["sed -n 'w out.txt' README.md", 'is more than printing lines'],
    ["sed -n '1e touch x' README.md", 'is more than printing lines'],
    ["sed 's/a/b/' README.md", 'the sed script `s/a/b/` is more than printing lines'],
    ["sed '1p' README.md", 'sed without -n is not on the list'],
    ['jq -n env', 'reads the environment'],
    ["jq -n '$ENV.WAVE_API_KEY'", 'reads the environment'],
    ['node', '`node` without --version or -v runs a script'],
    ['uniq README.md out.txt', 'with 2 operands writes the last one'],
    ['git tag v1', '`git tag v1` changes the repository'],
    ['git', '`git` without a subcommand'],
    ['git stash', '`git stash` is not on the list'],
    ['git checkout -b x', '`git checkout` is not on the list'],
    ['git branch -D main', 'git branch -D deletes a branch'],
    ['git log --ext-diff', 'git --ext-diff runs an external diff program'],
    ['git diff --no-index /etc/hostname README.md', 'compares files anywhere'],
    ['tail -f README.md', 'tail -f never ends'],
    ['cat README.md | sh', 'sh runs another command'],
    ['ls; touch x', 'touch changes files'],
    ['ls || rm -rf src', 'rm changes files'],
    ['(ls && cp a b)', 'cp changes files'],
  ])('`%s` asks: %s', async (command, reason) => {
    expect(await why(command)).toContain(reason);
  });
});

describe('what a read-only command reads', () => {
  const outsideFile = join(home, 'secret.txt');
  writeFileSync(outsideFile, 'secret');
  const linked = realpathSync(mkdtempSync(join(tmpdir(), 'wave-readonly-linked-')));
  mkdirSync(join(linked, 'in'));
  writeFileSync(join(linked, 'in', 'a.txt'), 'a');
  symlinkSync(outsideFile, join(linked, 'in', 'link.txt'));
  symlinkSync(home, join(linked, 'in', 'homelink'));

  it.each([
    `cat ${outsideFile}`,
    'cat ../x',
    'ls /',
    'head ~/secret.txt',
    'ls ~',
    'grep -rn x /etc',
    `find ${home}`,
    'git -C .. status',
    'cat < /etc/hostname',
    'grep -f /etc/hostname README.md',
  ])('`%s` reads outside the working directory: it asks', async (command) => {
    expect(await why(command)).toMatch(/it reads .*, outside the working directory/);
  });

  it('follows links: a link inside that leads outside is outside, also through a glob', async () => {
    const workdir = join(linked, 'in');
    expect(await why('cat link.txt', { workdir })).toContain(`it reads ${outsideFile}`);
    expect(await why('cat *', { workdir })).toContain(outsideFile);
    expect(await why('ls homelink', { workdir })).toContain(`it reads ${home}`);
    const both = await why('grep -r secret *', { workdir });
    expect(both).toContain(outsideFile);
    expect(both).toContain(`${home},`.replace(/,$/, ''));
    expect(await why('cat */secret.txt', { workdir })).toContain(`it reads ${outsideFile}`);
    expect(await verdict('cat a.txt', { workdir })).toEqual({ kind: 'read-only' });
    expect(await verdict('cat *.txt', { workdir: join(repo, 'src') })).toEqual({
      kind: 'read-only',
    });
    expect(await why('cat ~other/x')).toContain("another user's home folder");
    expect(await why('ls ../*')).toContain('expanded when it runs, outside the working directory');
  });

  it('refuses a file a Read deny rule covers, and asks for one an ask rule covers', async () => {
    writeFileSync(join(repo, '.env'), 'KEY=1');
    const deny = [rule('deny', 'Read(./.env)')];
    expect(await verdict('cat .env', { rules: deny })).toMatchObject({
      kind: 'denied',
      why: `it reads ${join(repo, '.env')}, which the rule "Read(./.env)" in ${join(repo, '.claude', 'settings.json')} denies`,
    });
    expect(await verdict('head -1 src/../.env', { rules: deny })).toMatchObject({ kind: 'denied' });
    expect(await verdict('cat README.md', { rules: deny })).toEqual({ kind: 'read-only' });
    expect(await why('cat .env', { rules: [rule('ask', 'Read(./.env)')] })).toContain('asks about');
  });

  it('asks when it reads whole folders where a Read deny or ask rule covers files', async () => {
    const deny = [rule('deny', 'Read(./.env)')];
    expect(await why('grep -rn KEY .', { rules: deny })).toContain(
      `it reads the files under ${repo}, and the rule "Read(./.env)"`,
    );
    expect(await why('grep -rn KEY', { rules: deny })).toContain('denies reading some of them');
    expect(await why('git diff', { rules: deny })).toContain('denies reading some of them');
    expect(await why('git show HEAD', { rules: [rule('ask', 'Read(**/*.pem)')] })).toContain(
      'asks about reading some of them',
    );
    // A folder the rule cannot reach, and commands that list names only, run.
    expect(await verdict('grep -rn KEY src', { rules: deny })).toEqual({ kind: 'read-only' });
    expect(await verdict('git log --oneline', { rules: deny })).toEqual({ kind: 'read-only' });
    expect(await verdict('ls -la', { rules: deny })).toEqual({ kind: 'read-only' });
  });

  it("asks for git where the repository's own configuration makes git run a program", async () => {
    const dir = repository();
    expect(await verdict('git status', { workdir: dir })).toEqual({ kind: 'read-only' });
    writeFileSync(
      join(dir, '.git', 'config'),
      `${readFileSync(join(dir, '.git', 'config'), 'utf8')}[core]\n\tfsmonitor = touch pwned\n`,
    );
    expect(await why('git status', { workdir: dir })).toContain(
      'sets core.fsmonitor, which makes git run a program',
    );
    expect(await verdict('ls', { workdir: dir })).toEqual({ kind: 'read-only' });
    const other = repository();
    writeFileSync(
      join(other, '.git', 'config'),
      '[diff "x"]\n  textconv = cat\n[include]\n  path = ../y\n',
    );
    expect(await why('git log', { workdir: other })).toContain(
      'sets diff.*.textconv, include.path',
    );
  });
});
