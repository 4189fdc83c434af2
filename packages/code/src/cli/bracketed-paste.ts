// Bracketed paste: asked of the terminal while the prompt runs, it wraps what the user pastes (or
// drops: a dropped file's path arrives as a paste) in these markers, so the prompt can tell a
// paste from typing — a paste never sends, and a pasted path can become a mention.
export const BRACKETED_PASTE_ON = '\u001B[?2004h';
export const BRACKETED_PASTE_OFF = '\u001B[?2004l';
export const PASTE_START = '\u001B[200~';
export const PASTE_END = '\u001B[201~';
