// A Read/Edit/Write rule's specifier as a gitignore pattern, anchored where Claude Code anchors
// it: `//abs/path` at the file-system root, `~/path` at the home folder, `/path` at the folder
// the settings file configures, `./path` and `path` at the work folder (a bare name with no
// slash matches at any depth below it, as in .gitignore). `**` spans folders. The `ignore`
// package decides, and it is asked about real paths (links resolved), as the work-folder
// boundary is, so a link cannot walk around a rule.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import ignore from 'ignore';
import { realPathOf } from '../../tools/real-path.js';
import { errorText } from '@wave-agent/shared-protocol';

export interface PathPattern {
  /** The folder the pattern is anchored at (not yet resolved for links). */
  readonly base: string;
  /** A gitignore pattern relative to `base`. */
  readonly pattern: string;
}

export interface PathAnchors {
  readonly workdir: string;
  /** The folder the rule's settings file configures. */
  readonly baseDir: string;
  readonly home?: string;
}

export function pathPattern(specifier: string, anchors: PathAnchors): PathPattern {
  if (specifier.startsWith('//')) return { base: '/', pattern: specifier.slice(1) };
  if (specifier === '~' || specifier.startsWith('~/'))
    return { base: anchors.home ?? homedir(), pattern: `/${specifier.slice(2)}` };
  if (specifier.startsWith('/')) return { base: anchors.baseDir, pattern: specifier };
  if (specifier.startsWith('./'))
    return { base: anchors.workdir, pattern: `/${specifier.slice(2)}` };
  return { base: anchors.workdir, pattern: specifier };
}

/** Why a specifier cannot be a path pattern, or undefined when it can. */
export function pathPatternProblem(specifier: string): string | undefined {
  if (specifier.includes('\0')) return 'a path cannot hold a NUL character';
  try {
    ignore().add(specifier);
  } catch (error) {
    return `it is not a gitignore-style pattern (${errorText(error)})`;
  }
  return undefined;
}

/**
 * The folders a gitignore pattern is fixed to before its first wildcard: `/src/a/*.ts` → src, a.
 * A pattern without a slash but at its end matches at any depth: nothing is fixed.
 */
function literalStart(pattern: string): string[] {
  const trimmed = pattern.replace(/\/+$/, '');
  if (!trimmed.slice(0, -1).includes('/') && !pattern.startsWith('/')) return [];
  const segments = trimmed.replace(/^\//, '').split('/');
  const fixed: string[] = [];
  for (const segment of segments) {
    if (/[*?[\\!]/.test(segment) || segment === '') break;
    fixed.push(segment);
  }
  return fixed;
}

export class PathMatcher {
  private realBase: Promise<string> | undefined;
  private readonly matcher;

  constructor(private readonly path: PathPattern) {
    this.matcher = ignore({ allowRelativePaths: true }).add(path.pattern);
  }

  /** Whether a real path (links already resolved) falls under the pattern. */
  async matches(realPath: string): Promise<boolean> {
    return (await this.prepared())(realPath);
  }

  /** The same test without waiting, once the base's real path is known: for many paths. */
  async prepared(): Promise<(realPath: string) => boolean> {
    this.realBase ??= realPathOf(this.path.base);
    const base = await this.realBase;
    return (realPath) => this.under(base, realPath);
  }

  /** The same test for a caller that cannot wait (the memory loader reads files synchronously). */
  matchesSync(realPath: string): boolean {
    let base = this.path.base;
    try {
      base = realpathSync(base);
    } catch {
      // A base that does not exist holds no links to resolve.
    }
    return this.under(base, realPath);
  }

  /**
   * Whether the pattern could match a path under this real folder (or the folder itself): a
   * sound guess from the pattern's literal start, for a command that reads a whole folder.
   */
  async mayMatchUnder(realFolder: string): Promise<boolean> {
    this.realBase ??= realPathOf(this.path.base);
    const base = await this.realBase;
    const prefix = join(base, ...literalStart(this.path.pattern));
    const within = (dir: string, path: string) => {
      const rel = relative(dir, path);
      return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
    };
    return within(realFolder, prefix) || within(prefix, realFolder);
  }

  private under(realBase: string, realPath: string): boolean {
    const rel = relative(realBase, realPath);
    if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return false;
    return this.matcher.ignores(rel.split(sep).join('/'));
  }
}
