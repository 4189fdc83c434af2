// The status line command's first line (settings' `statusLine`), under Wave's own status line.
// Its colours are kept (as Claude Code keeps them); every other control character shows as its
// picture (terminal/terminal-text.ts), and a line too wide is cut, never wrapped.
import { Text } from 'ink';
import { stylingOnly } from '../../terminal/terminal-text.js';

export function StatusCommandLine({ line }: { readonly line: string }) {
  return <Text wrap="truncate-end">{stylingOnly(line)}</Text>;
}
