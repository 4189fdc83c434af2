// Ink's <Text> for the lines the UI builds: the last guard between the session's text (a
// stranger's) and the terminal. Only Wave's own styling reaches it; any other control character
// shows as its picture (see stylingOnly).
import { Text } from 'ink';
import { stylingOnly } from '../terminal/terminal-text.js';

export function SafeText({ children }: { readonly children: string }) {
  return <Text>{stylingOnly(children)}</Text>;
}
