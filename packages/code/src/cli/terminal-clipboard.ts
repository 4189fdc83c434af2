// /export --copy in the terminal: the text goes to the clipboard through the terminal itself
// (OSC 52, `ESC ] 52 ; c ; <base64> BEL`), so no clipboard program or native module is needed
// and it works over ssh. A terminal decides whether to honour it (iTerm2, kitty, WezTerm, Windows
// Terminal, foot and xterm with allowWindowOps do; tmux needs `set -g set-clipboard on`): nothing
// comes back to tell, so the sentence says what to do if the clipboard stays empty.
import type { HostCommandReply } from '../commands/command-context.js';

export function clipboardSequence(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

export function copyThroughTerminal(
  text: string,
  writeControl: (sequence: string) => void,
): HostCommandReply {
  writeControl(clipboardSequence(text));
  return {
    message: `Sent the conversation (${text.length} characters of Markdown) to the terminal's clipboard (OSC 52). If it did not arrive, your terminal does not allow it (in tmux: set -g set-clipboard on): /export FILE writes a file instead.`,
  };
}
