// `# text` in the prompt: the line goes to a memory file the user picks, the project's or their
// own; the agent writes it and reads the memory again (SessionState.context).
import type { SessionHandle } from '@wave-agent/client';
import type { NoteLevel, PickerSpec } from '../../commands/command-context.js';

export interface RememberDeps {
  readonly session: SessionHandle;
  choose(spec: PickerSpec): Promise<number | undefined>;
  print(text: string, level?: NoteLevel): void;
}

export const REMEMBER_PICKER: PickerSpec = {
  title: 'Add this line to which memory file?',
  items: [
    { label: 'Project memory', detail: "this folder's AGENTS.md (or its CLAUDE.md)" },
    { label: 'Your memory', detail: '$WAVE_HOME/AGENTS.md, for every project' },
  ],
  escapeHint: 'Esc cancels',
};

export async function rememberLine(text: string, deps: RememberDeps): Promise<void> {
  const chosen = await deps.choose(REMEMBER_PICKER);
  if (chosen === undefined) {
    deps.print('Nothing was added to memory.');
    return;
  }
  const { path } = await deps.session.request('addMemoryLine', {
    scope: chosen === 0 ? 'project' : 'user',
    text,
  });
  deps.print(`Added to ${path}; the model reads it from its next call.`);
}
