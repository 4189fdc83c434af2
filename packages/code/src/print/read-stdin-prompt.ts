// `echo "question" | wave -p`: the prompt is everything piped in. A terminal on stdin means
// nobody piped anything, so there is nothing to wait for.
import type { CliIo } from '../cli/cli-io.js';

export async function readStdinPrompt(stdin: CliIo['stdin']): Promise<string> {
  if (stdin.isTTY) return '';
  stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text;
}
