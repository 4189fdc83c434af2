// /memory N in the terminal: the file opens in the user's $VISUAL or $EDITOR, which takes the
// terminal until it exits (the UI waits, as for git commit). Without one, the path is said.
import { spawnSync } from 'node:child_process';
import type { HostCommandReply } from '../commands/command-context.js';

export function openInEditor(
  path: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): HostCommandReply {
  const editor = env.VISUAL?.trim() || env.EDITOR?.trim();
  if (!editor)
    return {
      message: `Set $EDITOR (e.g. export EDITOR=nano) to open memory files from here; the file is ${path}.`,
      level: 'warning',
    };
  // The editor's value may carry flags (`code --wait`): the shell splits it, the path is "$1".
  const result = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'editor', path], {
    stdio: 'inherit',
  });
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
