// The view's own notes (Notes.tsx): added by commands and failed requests, dismissed by the user;
// only the last few are kept.
import { useCallback, useRef, useState } from 'react';
import type { NoteLevel } from '../composer/web-commands.js';
import type { Note } from './Notes.js';

const KEPT_NOTES = 4;

export function useNotes(): {
  readonly notes: readonly Note[];
  readonly add: (text: string, level?: NoteLevel) => void;
  readonly dismiss: (id: number) => void;
} {
  const [notes, setNotes] = useState<readonly Note[]>([]);
  const next = useRef(1);
  const add = useCallback((text: string, level: NoteLevel = 'info') => {
    const id = next.current++;
    setNotes((current) => [...current, { id, text, level }].slice(-KEPT_NOTES));
  }, []);
  const dismiss = useCallback(
    (id: number) => setNotes((current) => current.filter((note) => note.id !== id)),
    [],
  );
  return { notes, add, dismiss };
}
