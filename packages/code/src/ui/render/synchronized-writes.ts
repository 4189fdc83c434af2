// One update, one write. On a terminal, Ink brackets each update in the synchronized-update
// sequences (CSI ? 2026 h … l) and writes its parts separately inside them: when history comes
// with a frame, first an erase of the whole live area, then the history, then the frame. Seen
// write by write, the erase can only be sent as it is, and the frame after it must then be sent
// whole; that was most of the bytes while a reply streams (each paragraph the live area hands to
// the history redrew everything below it). Joined, the update says "from this frame to this
// history and frame", which the frame diff sends as the few rows that differ.
//
// Only the drawing writes inside a bracket are held, and only until its end, in the same
// synchronous run of Ink's (nothing is delayed past it): the brackets and cursor show/hide go
// through at once, and anything else (a write with a callback, bytes) first releases what is held.
// `beforeJoined` hears the parts of a joined write just before it goes out: what Ink wrote last
// (its frame) stays known, though it reaches the stream inside one string with the history.

const BEGIN = '\u001B[?2026h';
const END = '\u001B[?2026l';
/** Cursor show/hide: they draw nothing. */
const CURSOR_SHOW = '\u001B[?25h';
const CURSOR_HIDE = '\u001B[?25l';

export type Write = (data: unknown, ...rest: unknown[]) => boolean;

/** `write` with the drawing writes of each synchronized update joined into one. */
export function joinSynchronizedWrites(
  write: Write,
  beforeJoined: (parts: readonly string[]) => void = () => undefined,
): Write {
  let held: string[] | undefined;
  const release = (): boolean => {
    const parts = held;
    held = undefined;
    if (parts === undefined || parts.length === 0) return true;
    beforeJoined(parts);
    return write(parts.join(''));
  };
  return (data, ...rest) => {
    if (data === BEGIN) {
      release();
      held = [];
      return write(data, ...rest);
    }
    if (data === END) {
      release();
      return write(data, ...rest);
    }
    if (held !== undefined && typeof data === 'string' && rest.length === 0) {
      if (data === CURSOR_SHOW || data === CURSOR_HIDE) return write(data);
      held.push(data);
      return true;
    }
    release();
    return write(data, ...rest);
  };
}

/**
 * `write` with each synchronized update sent as one write, its brackets included: a frame was
 * three writes to the terminal (begin, the drawing, end) and more with the cursor's show/hide,
 * each a system call and a wake-up of the terminal on the other side, for one screen change.
 * Only plain strings between a begin and its end are held, and only until that end in the same
 * synchronous run of Ink's (at the latest, the run's end); anything else (a write with a callback, bytes) first sends what is
 * held, so the order never changes.
 */
export function oneWritePerUpdate(write: Write): Write {
  let held: string | undefined;
  const release = (): boolean => {
    const text = held;
    held = undefined;
    return text === undefined || text === '' ? true : write(text);
  };
  return (data, ...rest) => {
    if (typeof data !== 'string' || rest.length > 0) {
      release();
      return write(data, ...rest);
    }
    if (data.startsWith(BEGIN)) {
      release();
      held = '';
      // Ink ends each update in the run it began it; should one not, nothing waits for more.
      queueMicrotask(release);
    }
    if (held === undefined) return write(data);
    held += data;
    return data.endsWith(END) ? release() : true;
  };
}
