// Ctrl+G: the prompt in the user's editor ($VISUAL, else $EDITOR), as Claude Code and shells
// (Ctrl+X Ctrl+E) do, through the runner /memory uses (cli/open-in-editor.ts): out of raw mode
// and on the alternate screen while it runs. It runs synchronously, so neither Ink nor anything
// else of Wave's writes to the terminal or reads its keys meanwhile (a running reply waits). The
// text comes back without the newline editors add at the end of a file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorText } from '@wave-agent/shared-protocol';
import type { EditorTerminal } from '../../cli/open-in-editor.js';
import { runEditor } from '../../cli/open-in-editor.js';

export type EditorOutcome =
  | { readonly kind: 'edited'; readonly text: string }
  | { readonly kind: 'problem'; readonly sentence: string };

export const NO_EDITOR =
  'Ctrl+G opens the prompt in your editor, but neither $VISUAL nor $EDITOR is set: set one (e.g. export EDITOR=vim) and start Wave again.';

/** Runs the user's editor on `text` in a private temporary file. */
export function editInEditor(text: string, terminal: EditorTerminal): EditorOutcome {
  let folder: string | undefined;
  try {
    folder = mkdtempSync(join(tmpdir(), 'wave-prompt-'));
    const file = join(folder, 'prompt.md');
    writeFileSync(file, text, { mode: 0o600 });
    const run = runEditor(file, terminal);
    if (run.kind === 'no-editor') return { kind: 'problem', sentence: NO_EDITOR };
    if (run.kind === 'failed')
      return { kind: 'problem', sentence: `${run.sentence} The prompt is as it was.` };
    return { kind: 'edited', text: readFileSync(file, 'utf8').replace(/\r?\n$/, '') };
  } catch (error) {
    return {
      kind: 'problem',
      sentence: `The prompt could not be handed to your editor (${errorText(error)}); it is as it was.`,
    };
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
