// --output-format text: the assistant's text on stdout, each chunk written the moment it
// arrives; errors, notices and tool activity on stderr as short lines.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { OutputStream } from '../cli/cli-io.js';
import type { PrintOutcome, PrintOutput } from './print-output.js';
import { createToolLines, problemLine } from './stderr-lines.js';

export function textOutput(stdout: OutputStream, stderr: OutputStream): PrintOutput {
  const toolLine = createToolLines();
  let lastMessageId: string | undefined;
  let printedAny = false;
  let midLine = false;
  let reportedError = false;

  const writeText = (text: string) => {
    if (text === '') return;
    stdout.write(text);
    printedAny = true;
    midLine = !text.endsWith('\n');
  };
  const writeLine = (line: string) => {
    // On one screen, a stderr line must not start in the middle of the answer's last line.
    if (midLine && stdout.isTTY && stderr.isTTY) writeText('\n');
    stderr.write(`${line}\n`);
  };

  return {
    event(event: AgentEvent) {
      if (event.type === 'assistantContentUpdated' && event.chunk !== '') {
        // Text from the next model call (after tools ran) starts on a line of its own.
        if (lastMessageId !== undefined && lastMessageId !== event.messageId && midLine)
          writeText('\n');
        lastMessageId = event.messageId;
        writeText(event.chunk);
        return;
      }
      if (event.type === 'assistantMessageDiscarded' && event.messageId === lastMessageId) {
        // Printed text cannot be taken back: say that it was cut off and the retry starts over.
        if (midLine) writeText('\n');
        lastMessageId = undefined;
        stderr.write(
          'wave: the reply above was cut off; the model is asked again and its new reply follows.\n',
        );
        return;
      }
      if (event.type === 'errorBlockAdded') reportedError = true;
      const line = problemLine(event) ?? toolLine(event);
      if (line !== undefined) writeLine(line);
    },
    finish(outcome: PrintOutcome) {
      if (printedAny && midLine) writeText('\n');
      if (outcome.turn.stopReason === 'error' && !reportedError) {
        writeLine(`wave: ${outcome.turn.error ?? 'the turn failed without saying why'}`);
      }
    },
  };
}
