// A stranger's text on a terminal. The model's words, a tool's output and a file's contents
// may carry escape sequences that set the window title, write the clipboard (OSC 52), hide or
// fake text, or move the cursor over what Wave drew; none may reach the terminal as such.

// C0 and C1 control characters (ESC among them) and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL_PATTERN = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * Untrusted text (the model's, a file's) for one line of the terminal: a tab becomes spaces and
 * every other control character its visible picture (ESC shows as ␛), so nothing in it can
 * move the cursor, restyle the screen or talk to the terminal.
 */
export function visibleText(text: string): string {
  return text.replace(CONTROL_PATTERN, (char) => pictureOf(char, '    '));
}

// Select Graphic Rendition (colours, bold, …), 7- and 8-bit: the only sequences Wave writes in
// its lines, and the only ones a finished line may carry.
// eslint-disable-next-line no-control-regex
const STYLING = /(?:\u001B\[|\u009B)[0-9;:]*m/g;
// Every control character but the newline: none may reach the terminal raw.
// eslint-disable-next-line no-control-regex
const UNSAFE_CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
const UNSAFE_CONTROLS = new RegExp(UNSAFE_CONTROL.source, 'g');

/** A control character's visible picture (ESC as ␛); a tab as `tab`. */
function pictureOf(char: string, tab: string): string {
  if (char === '\t') return tab;
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return code === 0x7f ? '\u2421' : '\uFFFD';
}

/**
 * A stranger's text (the model's words, a tool's output, a file) for the terminal, many lines:
 * its styling is dropped (it could hide or fake text) and every other control character but the
 * newline shows as its picture (ESC as ␛), so nothing in it can move the cursor, set the title,
 * write the clipboard or talk to the terminal in any other way. Windows line ends count as one.
 */
export function terminalText(text: string): string {
  if (!UNSAFE_CONTROL.test(text)) return text;
  return text
    .replace(STYLING, '')
    .replace(/\r\n/g, '\n')
    .replace(UNSAFE_CONTROLS, (char) => pictureOf(char, '    '));
}

/**
 * A finished line of Wave's own, just before Ink writes it: the styling Wave put in stays; any
 * other control character (one that slipped past terminalText) shows as its picture. The last
 * guard between the session's text and the terminal.
 */
export function stylingOnly(text: string): string {
  if (!UNSAFE_CONTROL.test(text)) return text;
  const picture = (part: string) => part.replace(UNSAFE_CONTROLS, (char) => pictureOf(char, ' '));
  let safe = '';
  let from = 0;
  for (const match of text.matchAll(STYLING)) {
    safe += picture(text.slice(from, match.index)) + match[0].replace('\u009B', '\u001B[');
    from = match.index + match[0].length;
  }
  return safe + picture(text.slice(from));
}
