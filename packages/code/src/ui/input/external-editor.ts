// Ctrl+G: the prompt in the user's editor ($VISUAL, else $EDITOR), as Claude Code and shells
// (Ctrl+X Ctrl+E) do. The editor gets the terminal: raw mode off while it runs, back after. It
// runs synchronously, so neither Ink nor anything else of Wave's writes to the terminal or reads
// its keys meanwhile (a running reply waits). The text comes back without the newline editors
// add at the end of a file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorText } from '@wave-agent/shared-protocol';

export type EditorOutcome =
  | { readonly kind: 'edited'; readonly text: string }
  | { readonly kind: 'problem'; readonly sentence: string };

export const NO_EDITOR =
  'Ctrl+G opens the prompt in your editor, but neither $VISUAL nor $EDITOR is set: set one (e.g. export EDITOR=vim) and start Wave again.';

/** The editor command of the environment, or undefined. */
export function editorCommand(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return [env.VISUAL, env.EDITOR].map((value) => value?.trim()).find(Boolean);
}

/** Runs `editor` on `text` in a private temporary file; `setRawMode` hands the terminal over. */
export function editInEditor(
  text: string,
  editor: string,
  setRawMode: (on: boolean) => void,
): EditorOutcome {
  const folder = mkdtempSync(join(tmpdir(), 'wave-prompt-'));
  const file = join(folder, 'prompt.md');
  try {
    writeFileSync(file, text, { mode: 0o600 });
    setRawMode(false);
    // The command may carry arguments (`code --wait`): the shell splits it, the file is "$1".
    const run =
      process.platform === 'win32'
        ? spawnSync(`${editor} "${file}"`, { stdio: 'inherit', shell: true })
        : spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'wave-editor', file], { stdio: 'inherit' });
    setRawMode(true);
    if (run.error)
      return {
        kind: 'problem',
        sentence: `The editor ${editor} could not be started (${errorText(run.error)}); the prompt is as it was. Check $VISUAL/$EDITOR.`,
      };
    if (run.status !== 0)
      return {
        kind: 'problem',
        sentence: `The editor ${editor} ended with ${run.signal ? `signal ${run.signal}` : `exit code ${run.status}`}, so its text was not taken; the prompt is as it was.`,
      };
    return { kind: 'edited', text: readFileSync(file, 'utf8').replace(/\r?\n$/, '') };
  } catch (error) {
    setRawMode(true);
    return {
      kind: 'problem',
      sentence: `The prompt could not be edited in ${editor} (${errorText(error)}); the prompt is as it was.`,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
