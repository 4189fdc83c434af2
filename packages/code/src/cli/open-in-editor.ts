// The user's $VISUAL or $EDITOR on a file, taking the terminal until it exits (the UI waits, as
// for git commit): /memory N opens a memory file, Ctrl+G the prompt (ui/input/external-editor.ts).
// The editor gets the terminal as a shell would give it: out of the UI's raw mode (so a line
// editor echoes and Enter ends a line) and on the alternate screen, so whatever it draws is gone
// when it exits and the UI's screen is back as it was (ARCHITECTURE §8).
import { spawnSync } from 'node:child_process';
import type { HostCommandReply } from '../commands/command-context.js';
import { BRACKETED_PASTE_ON } from './bracketed-paste.js';
import type { CliIo } from './cli-io.js';

const ALTERNATE_SCREEN = '\u001B[?1049h\u001B[H\u001B[2J';
const MAIN_SCREEN = '\u001B[?1049l';

/** What the editor needs of the terminal. */
export interface EditorTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Writes straight to the terminal, past whatever the UI draws through. */
  readonly writeControl: (sequence: string) => void;
}

export type EditorRun =
  | { readonly kind: 'edited' }
  | { readonly kind: 'no-editor' }
  | { readonly kind: 'failed'; readonly sentence: string; readonly level: 'error' | 'warning' };

/** The editor command of the environment ($VISUAL, else $EDITOR), or undefined. */
export function editorCommand(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || undefined;
}

/** Runs the user's editor on `path`, the terminal handed over and taken back. */
export function runEditor(path: string, terminal: EditorTerminal): EditorRun {
  const editor = editorCommand(terminal.env);
  if (!editor) return { kind: 'no-editor' };
  const raw = terminal.stdin.isTTY && terminal.stdin.isRaw;
  if (raw) terminal.stdin.setRawMode(false);
  if (terminal.stdout.isTTY) terminal.writeControl(ALTERNATE_SCREEN);
  // The editor's value may carry flags (`code --wait`): the shell splits it, the path is "$1".
  const result = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'editor', path], {
    stdio: [terminal.stdin, terminal.stdout, terminal.stderr],
    env: { ...terminal.env },
  });
  // An editor turns bracketed paste off as it leaves: the prompt wants it back.
  if (terminal.stdout.isTTY) terminal.writeControl(MAIN_SCREEN + BRACKETED_PASTE_ON);
  if (raw) terminal.stdin.setRawMode(true);
  if (result.error)
    return {
      kind: 'failed',
      sentence: `${editor} could not start: ${result.error.message}`,
      level: 'error',
    };
  if (result.status !== 0)
    return {
      kind: 'failed',
      sentence: `${editor} exited with ${result.status ?? result.signal}.`,
      level: 'warning',
    };
  return { kind: 'edited' };
}

export function openInEditor(path: string, terminal: CliIo): HostCommandReply {
  const run = runEditor(path, { ...terminal, writeControl: (text) => terminal.stdout.write(text) });
  if (run.kind === 'no-editor')
    return {
      message: `Set $EDITOR (e.g. export EDITOR=nano) to open memory files from here; the file is ${path}.`,
      level: 'warning',
    };
  if (run.kind === 'failed') return { message: run.sentence, level: run.level };
  return {
    message: `Edited ${path}. The model reads the new text from the next session or /clear.`,
  };
}
