// What the view itself says (a command's answer, /help, a request that failed): a short list
// under the conversation, each note dismissable. Never part of the conversation.
import type { NoteLevel } from '../composer/web-commands.js';

export interface Note {
  readonly id: number;
  readonly text: string;
  readonly level: NoteLevel;
}

export function Notes({
  notes,
  onDismiss,
}: {
  readonly notes: readonly Note[];
  readonly onDismiss: (id: number) => void;
}) {
  return (
    <div className="notes" role="status" aria-live="polite">
      {notes.map((note) => (
        <div key={note.id} className={`note note-${note.level}`}>
          <pre className="note-text">{note.text}</pre>
          <button type="button" onClick={() => onDismiss(note.id)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
