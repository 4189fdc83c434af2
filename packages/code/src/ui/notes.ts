// What the UI itself says (command output, hints): shown once, in the history, never sent to
// the model and never part of the conversation state.

export type NoteLevel = 'info' | 'warning' | 'error';

export interface UiNote {
  readonly text: string;
  readonly level: NoteLevel;
}
