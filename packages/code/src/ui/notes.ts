// What the UI itself says (command output, hints): shown once, in the history, never sent to
// the model and never part of the conversation state.

import type { NoteLevel } from '../commands/command-context.js';

export interface UiNote {
  readonly text: string;
  readonly level: NoteLevel;
}
