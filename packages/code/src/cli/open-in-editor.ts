// /memory N in the terminal: the file opens in the user's $VISUAL or $EDITOR, which takes the
// terminal until it exits (the UI waits, as for git commit). Without one, the path is said.
// The editor gets the terminal as a shell would give it: out of the UI's raw mode (so a line
// editor echoes and Enter ends a line) and on the alternate screen, so whatever it draws is gone
// when it exits and the UI's screen is back as it was (ARCHITECTURE §8).
import { spawnSync } from 'node:child_process';
import type { HostCommandReply } from '../ui/index.js';
import type { CliIo } from './cli-io.js';

const ALTERNATE_SCREEN = '\u001B[?1049h\u001B[H\u001B[2J';
const MAIN_SCREEN = '\u001B[?1049l';

export function openInEditor(path: string, terminal: CliIo): HostCommandReply {
  const editor = terminal.env.VISUAL?.trim() || terminal.env.EDITOR?.trim();
  if (!editor)
    return {
      message: `Set $EDITOR (e.g. export EDITOR=nano) to open memory files from here; the file is ${path}.`,
      level: 'warning',
    };
  const raw = terminal.stdin.isTTY && terminal.stdin.isRaw;
  if (raw) terminal.stdin.setRawMode(false);
  if (terminal.stdout.isTTY) terminal.stdout.write(ALTERNATE_SCREEN);
  // The editor's value may carry flags (`code --wait`): the shell splits it, the path is "$1".
  const result = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'editor', path], {
    stdio: [terminal.stdin, terminal.stdout, terminal.stderr],
    env: terminal.env,
  });
  if (terminal.stdout.isTTY) terminal.stdout.write(MAIN_SCREEN);
  if (raw) terminal.stdin.setRawMode(true);
  if (result.error)
    return { message: `${editor} could not start: ${result.error.message}`, level: 'error' };
  if (result.status !== 0)
    return {
      message: `${editor} exited with ${result.status ?? result.signal}.`,
      level: 'warning',
    };
  return {
    message: `Edited ${path}. The model reads the new text from the next session or /clear.`,
  };
}
