// A custom command's prompt from its template and what the user typed after its name, as Claude
// Code expands it: `$ARGUMENTS` is all of it, `$1`…`$9` its words ("quoted words" count as one);
// a template that uses neither gets the arguments appended. `!`command`` is replaced by the
// command's output (run through the permission system by the caller). `@path` adds the file's
// content, bounded, when it is a file inside the work folder (links resolved) that no deny rule
// for Read covers.
import { randomUUID } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { importPaths } from '../memory/import-paths.js';
import { errorText } from '@wave-agent/shared-protocol';

const BANG = /(^|\s)!`([^`\n]+)`/g;
/** A fenced block opened with ```! (Claude Code's plugins): each line runs as a `!` line does. */
const FENCED_BANG = /^```!+[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
const PLACEHOLDER = /\$(ARGUMENTS|[1-9])/g;
const MAX_INCLUDED_CHARS = 20_000;
const MAX_INCLUDED_FILES = 10;

export interface ExpandDeps {
  readonly workdir: string;
  /** Runs a `!` command (asking as any Bash call does); its output, or why it did not run. */
  readonly runShell: (command: string) => Promise<string>;
  /** Whether a deny rule for Read covers a real path: such an @file is not included. */
  readonly readDenied?: (realPath: string) => boolean;
}

export function argumentWords(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g))
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

function substitute(template: string, args: string): string {
  const words = argumentWords(args);
  let used = false;
  const text = template.replace(PLACEHOLDER, (_all, which: string) => {
    used = true;
    return which === 'ARGUMENTS' ? args : (words[Number(which) - 1] ?? '');
  });
  return used || args === '' ? text : `${text}\n\nARGUMENTS: ${args}`;
}

/**
 * Runs the fenced ```! blocks and the `!` lines, in order of kind; a block's output is put in
 * only after the `!` lines ran, so no command's output is ever read for more commands.
 */
async function runAllBangs(text: string, runShell: ExpandDeps['runShell']): Promise<string> {
  const blocks: string[] = [];
  for (const match of text.matchAll(FENCED_BANG)) {
    const lines = (match[1] ?? '').split('\n').filter((line) => line.trim() !== '');
    const results: string[] = [];
    for (const line of lines) results.push(await runShell(line.trim()));
    blocks.push(results.join('\n'));
  }
  const mark = `\u0000${randomUUID()}:`;
  let index = 0;
  const marked = text.replace(FENCED_BANG, () => `${mark}${index++}\u0000`);
  const withLines = await runBangs(marked, runShell);
  return withLines.replace(
    new RegExp(`${mark}(\\d+)\u0000`, 'g'),
    (_all, which: string) => blocks[Number(which)] ?? '',
  );
}

async function runBangs(text: string, runShell: ExpandDeps['runShell']): Promise<string> {
  const outputs: string[] = [];
  for (const match of text.matchAll(BANG)) outputs.push(await runShell(match[2] ?? ''));
  let index = 0;
  return text.replace(BANG, (_all, before: string) => `${before}${outputs[index++] ?? ''}`);
}

function insideFolder(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** The `@path` files of `text`, as sections to add to the prompt. */
function included(text: string, { workdir, readDenied }: ExpandDeps): string[] {
  let folder = workdir;
  try {
    folder = realpathSync(workdir);
  } catch {
    // The work folder as given.
  }
  const parts: string[] = [];
  for (const path of importPaths(text).slice(0, MAX_INCLUDED_FILES)) {
    const full = resolve(workdir, path);
    let real: string;
    try {
      real = realpathSync(full);
      if (!statSync(real).isFile()) continue; // A folder, or not a file: left as written.
    } catch {
      continue; // No such file: an @ that is not a path.
    }
    if (!insideFolder(folder, real)) {
      parts.push(`(${path} is outside the work folder, so its content was not included.)`);
      continue;
    }
    if (readDenied?.(real) === true) {
      parts.push(
        `(${path} is covered by a deny rule for Read in the permission settings, so its content was not included.)`,
      );
      continue;
    }
    let content: string;
    try {
      content = readFileSync(real, 'utf8');
    } catch (error) {
      parts.push(`(${path} could not be read: ${errorText(error)})`);
      continue;
    }
    const cut =
      content.length > MAX_INCLUDED_CHARS
        ? `${content.slice(0, MAX_INCLUDED_CHARS)}\n[… cut: the file has ${content.length} characters]`
        : content;
    parts.push(`Contents of ${path}:\n\`\`\`\n${cut}\n\`\`\``);
  }
  return parts;
}

export async function expandCommand(
  template: string,
  args: string,
  deps: ExpandDeps,
): Promise<string> {
  const withArgs = substitute(template, args);
  // Files named by the command and its arguments, not by what its commands printed.
  const files = included(withArgs, deps);
  const withOutput = await runAllBangs(withArgs, deps.runShell);
  return [withOutput, ...files].join('\n\n');
}
