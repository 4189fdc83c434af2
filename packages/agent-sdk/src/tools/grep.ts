// Grep: searches file contents with a JavaScript regular expression, in plain Node (no ripgrep
// binary to download): walk the tree, skip binary and huge files, stream each file's lines.
import { z } from 'zod';
import { boundOutput, formatCount, lineCutMarker, safeCutIndex } from './bounded-output.js';
import { isBinaryFile } from './binary-files.js';
import { defineTool } from './define-tool.js';
import { errorCode, errorMessage } from './error-details.js';
import {
  fileSearchPatternProblem,
  findFiles,
  planFileSearch,
  type FileSearch,
} from './file-search.js';
import { notARegularFile } from './file-kind.js';
import { deniedNote, FoundFiles } from './file-rules.js';
import { lstatIfExists, statIfExists } from './file-status.js';
import { readLines, type TextLine } from './line-reader.js';
import { displayInputPath, displayPath } from './paths.js';

export const DEFAULT_GREP_MAX_RESULTS = 200;
/** Larger files are skipped (and named in a note): searching them would stall the turn. */
export const MAX_GREP_FILE_BYTES = 10 * 1024 * 1024;
/** The most characters of one line shown in content mode. */
export const MAX_GREP_LINE_CHARS = 500;
/** How much of a long line is shown before its match. */
const CHARS_BEFORE_MATCH = 100;
const FILES_IN_PARALLEL = 16;
const NAMED_IN_NOTES = 5;

const outputModes = ['files_with_matches', 'content', 'count'] as const;
type OutputMode = (typeof outputModes)[number];

const inputSchema = z.object({
  pattern: z
    .string()
    .min(1)
    .describe(
      'A JavaScript regular expression to search for, matched against each line (e.g. "function\\s+\\w+", "TODO").',
    ),
  path: z
    .string()
    .optional()
    .describe('The file or directory to search (default: the working directory).'),
  glob: z
    .string()
    .optional()
    .describe(
      'Search only files matching this glob, e.g. "*.ts", "*.{ts,tsx}" or "src/**/*.js". Without a "/" it matches file names at any depth.',
    ),
  output_mode: z
    .enum(outputModes)
    .optional()
    .describe(
      '"files_with_matches" (default): paths of files with a match; "content": matching lines as path:line:text; "count": path:number of matching lines.',
    ),
  context: z
    .number()
    .int()
    .min(0)
    .max(50)
    .optional()
    .describe(
      'In content mode, how many lines to show before and after each match (shown as path-line-text).',
    ),
  case_insensitive: z.boolean().optional().describe('Ignore case when matching (default false).'),
  max_results: z
    .number()
    .int()
    .positive()
    .max(10_000)
    .optional()
    .describe(
      `The most results to return: files, or matching lines in content mode (default ${DEFAULT_GREP_MAX_RESULTS}).`,
    ),
});

export type GrepInput = z.infer<typeof inputSchema>;

/** One match in content mode: its line, the context lines not yet shown, and its after-context. */
interface MatchEntry {
  /** Not adjacent to the previous shown line, so a `--` separator goes before it. */
  readonly startsGroup: boolean;
  readonly lines: string[];
}

type FileOutcome =
  | {
      readonly kind: 'searched';
      readonly matches: number;
      readonly entries: MatchEntry[];
      /** Content mode found another match beyond the cap. */
      readonly moreMatches: boolean;
    }
  | { readonly kind: 'binary' | 'large' | 'vanished' | 'special' }
  /** A permission rule keeps its content from the model: `deny` hides it, `ask` asks first. */
  | { readonly kind: 'deny' | 'ask' }
  | { readonly kind: 'unreadable'; readonly reason: string };

interface SearchSettings {
  readonly regex: RegExp;
  readonly mode: OutputMode;
  readonly context: number;
  readonly workdir: string;
  readonly signal: AbortSignal;
  /** What the permission rules say of each file, when any rule could restrict one. */
  readonly found?: FoundFiles;
}

/** The line as shown: long lines keep a window that starts just before the match. */
function displayText(line: TextLine, matchIndex: number | undefined): string {
  const totalLength = line.text.length + line.cutChars;
  if (totalLength <= MAX_GREP_LINE_CHARS) return line.text;
  const start = matchIndex === undefined ? 0 : Math.max(0, matchIndex - CHARS_BEFORE_MATCH);
  const end = start + safeCutIndex(line.text.slice(start), MAX_GREP_LINE_CHARS);
  const lead = start > 0 ? `[${formatCount(start)} characters] ...` : '';
  return lead + line.text.slice(start, end) + lineCutMarker(totalLength - end);
}

async function searchFile(
  file: string,
  cap: number,
  settings: SearchSettings,
): Promise<FileOutcome> {
  const { regex, mode, context, signal } = settings;
  const shown = displayPath(settings.workdir, file);
  try {
    // Without following a link first: the rules judge the file by its real path, before a byte
    // of it is read; only a link needs a second look at what it leads to.
    const own = await lstatIfExists(file);
    const isLink = own?.isSymbolicLink() === true;
    const verdict = own && (await settings.found?.verdict(file, isLink));
    if (verdict) return { kind: verdict };
    const stats = isLink ? await statIfExists(file) : own;
    // Listed by the walk, deleted before it was read: there is nothing left to match.
    if (!stats) return { kind: 'vanished' };
    // A pipe, socket or device: opening or reading it could block or never end.
    if (!stats.isFile()) return { kind: 'special' };
    if (stats.size > MAX_GREP_FILE_BYTES) return { kind: 'large' };
    if (await isBinaryFile(file)) return { kind: 'binary' };

    let matches = 0;
    let moreMatches = false;
    const entries: MatchEntry[] = [];
    const before: TextLine[] = [];
    let afterLeft = 0;
    let lastShown = 0;
    const format = (line: TextLine, separator: ':' | '-', matchIndex?: number): string =>
      `${shown}${separator}${line.number}${separator}${displayText(line, matchIndex)}`;

    // The cap on line length is the file size cap, so a match anywhere in a line is found.
    for await (const line of readLines(file, { maxLineChars: MAX_GREP_FILE_BYTES, signal })) {
      const match = regex.exec(line.text);
      if (match && mode !== 'content') {
        matches += 1;
        if (mode === 'files_with_matches') break;
        continue;
      }
      if (mode !== 'content') continue;
      if (match) {
        if (matches >= cap) {
          moreMatches = true;
          break;
        }
        matches += 1;
        const unshown = before.filter((previous) => previous.number > lastShown);
        const firstNumber = unshown[0]?.number ?? line.number;
        entries.push({
          startsGroup: lastShown === 0 || firstNumber !== lastShown + 1,
          lines: [
            ...unshown.map((previous) => format(previous, '-')),
            format(line, ':', match.index),
          ],
        });
        lastShown = line.number;
        afterLeft = context;
      } else if (afterLeft > 0) {
        entries[entries.length - 1]?.lines.push(format(line, '-'));
        lastShown = line.number;
        afterLeft -= 1;
      }
      if (context > 0) {
        before.push(line);
        if (before.length > context) before.shift();
      }
    }
    return { kind: 'searched', matches, entries, moreMatches };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'unreadable', reason: `${shown} (${errorCode(error) ?? errorMessage(error)})` };
  }
}

function compileRegex(pattern: string, caseInsensitive: boolean): RegExp | string {
  try {
    return new RegExp(pattern, caseInsensitive ? 'i' : '');
  } catch (error) {
    return `Invalid regular expression /${pattern}/: ${errorMessage(error)}. Grep uses JavaScript regex syntax: escape ( ) [ ] { } . * + ? | \\ with a backslash to match them literally, and use case_insensitive instead of (?i).`;
  }
}

function namedList(names: readonly string[]): string {
  const listed = names.slice(0, NAMED_IN_NOTES).join(', ');
  return names.length > NAMED_IN_NOTES
    ? `${listed} and ${names.length - NAMED_IN_NOTES} more`
    : listed;
}

/** Where the search starts: the glob filter's literal start below `path`, or `path` itself. */
function planGrep(input: GrepInput, workdir: string): FileSearch {
  const filter =
    input.glob === undefined ? '**' : input.glob.includes('/') ? input.glob : `**/${input.glob}`;
  return planFileSearch(filter, input.path, workdir);
}

export const grepTool = defineTool<GrepInput>({
  name: 'Grep',
  description: [
    'Searches file contents for a JavaScript regular expression, line by line.',
    'Use it to find where something is defined or used. By default it lists the files that match; output_mode "content" shows matching lines as path:line:text (with context lines as path-line-text when context is set), and "count" shows matches per file.',
    'Narrow it with path (a file or directory) and glob (e.g. "*.ts"). .git and node_modules, binary files and files over 10 MB are skipped. To find files by name, use Glob.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  findsFiles: true,
  compact(input, workdir) {
    if (!input.pattern) return undefined;
    const where = input.path ? ` in ${displayInputPath(input.path, workdir)}` : '';
    return `/${input.pattern}/${where}`;
  },
  paths(input, workdir) {
    return [planGrep(input, workdir).directory];
  },
  async execute(input, context) {
    const regex = compileRegex(input.pattern, input.case_insensitive === true);
    if (typeof regex === 'string') return { isError: true, output: regex };
    const search = planGrep(input, context.workdir);
    const patternProblem = input.glob && fileSearchPatternProblem(search, input.glob);
    if (patternProblem) return { isError: true, output: patternProblem };
    const where = displayPath(context.workdir, search.directory);
    const target = await statIfExists(search.directory);
    if (!target) {
      return {
        isError: true,
        output: `Path not found: ${where}. Check the path, or use Glob to find the file or directory.`,
      };
    }
    const special = notARegularFile(where, target, 'Grep');
    if (special) return { isError: true, output: special };

    const mode = input.output_mode ?? 'files_with_matches';
    const limit = input.max_results ?? DEFAULT_GREP_MAX_RESULTS;
    const settings: SearchSettings = {
      regex,
      mode,
      context: mode === 'content' ? (input.context ?? 0) : 0,
      workdir: context.workdir,
      signal: context.signal,
      ...(context.fileRules ? { found: new FoundFiles(context.fileRules) } : {}),
    };
    const files = target.isDirectory()
      ? (await findFiles(search, context.signal)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      : [search.directory];

    const lines: string[] = [];
    let results = 0;
    let limitReached = false;
    const skippedLarge: string[] = [];
    const unreadable: string[] = [];
    let binarySkipped = 0;
    let specialSkipped = 0;
    let denied = 0;
    const asked: string[] = [];

    for (let start = 0; start < files.length && !limitReached; start += FILES_IN_PARALLEL) {
      context.signal.throwIfAborted();
      const batch = files.slice(start, start + FILES_IN_PARALLEL);
      const cap = limit - results;
      const outcomes = await Promise.all(batch.map((file) => searchFile(file, cap, settings)));
      for (const [index, outcome] of outcomes.entries()) {
        const shown = displayPath(context.workdir, batch[index] ?? '');
        if (outcome.kind === 'large') skippedLarge.push(shown);
        if (outcome.kind === 'binary') binarySkipped += 1;
        if (outcome.kind === 'special') specialSkipped += 1;
        if (outcome.kind === 'unreadable') unreadable.push(outcome.reason);
        if (outcome.kind === 'deny') denied += 1;
        if (outcome.kind === 'ask') asked.push(shown);
        if (outcome.kind !== 'searched' || outcome.matches === 0) continue;
        if (results >= limit) {
          limitReached = true;
          break;
        }
        if (mode === 'files_with_matches') {
          lines.push(shown);
          results += 1;
        } else if (mode === 'count') {
          lines.push(`${shown}:${outcome.matches}`);
          results += 1;
        } else {
          for (const entry of outcome.entries) {
            if (results >= limit) {
              limitReached = true;
              break;
            }
            if (settings.context > 0 && entry.startsGroup && lines.length > 0) lines.push('--');
            lines.push(...entry.lines);
            results += 1;
          }
          if (outcome.moreMatches) limitReached = true;
        }
      }
      if (results >= limit && start + FILES_IN_PARALLEL < files.length) limitReached = true;
    }

    if (!target.isDirectory() && binarySkipped > 0) {
      return { isError: true, output: `${where} is a binary file; Grep searches text files only.` };
    }
    const notes: string[] = [];
    if (limitReached) {
      notes.push(
        `[Stopped at max_results=${limit}. Narrow the pattern, path or glob, or raise max_results, to see more.]`,
      );
    }
    if (skippedLarge.length > 0) {
      notes.push(
        `[Skipped ${skippedLarge.length} files over ${MAX_GREP_FILE_BYTES / 1024 / 1024} MB: ${namedList(skippedLarge)}. Search them with Bash (grep) if they matter.]`,
      );
    }
    if (specialSkipped > 0) {
      notes.push(
        `[Skipped ${specialSkipped} files that are pipes, sockets or devices, not regular files.]`,
      );
    }
    if (denied > 0) notes.push(deniedNote(denied, 'file'));
    if (asked.length > 0) {
      notes.push(
        `[Not searched: ${asked.length === 1 ? 'a file' : `${asked.length} files`} that ask rules for Read cover (${namedList(asked)}). Read ${asked.length === 1 ? 'it' : 'them'} to have the user asked.]`,
      );
    }
    if (unreadable.length > 0) {
      notes.push(`[Could not read ${unreadable.length} files: ${namedList(unreadable)}.]`);
    }
    const body =
      lines.length > 0 ? lines.join('\n') : `No matches for /${input.pattern}/ in ${where}.`;
    return { output: boundOutput(notes.length > 0 ? `${body}\n\n${notes.join('\n')}` : body) };
  },
});
