// --output-format text: the assistant's text on stdout; errors, notices and tool activity on
// stderr as short lines. A terminal gets each chunk the moment it arrives. A pipe or a file
// gets each reply exactly once: a model call's text is written when that call has ended, and
// dropped if the call broke and is retried — text already written could never be taken back,
// and a script reading stdout would get the cut-off start and then the whole reply again.
// (stream-json is the format for consumers who want the live deltas; its discard event says
// when to drop a partial.)
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { OutputStream } from '../cli/cli-io.js';
import type { PrintOutcome, PrintOutput } from './print-output.js';
import { createToolLines, problemLine } from './stderr-lines.js';

export function textOutput(stdout: OutputStream, stderr: OutputStream): PrintOutput {
  const toolLine = createToolLines();
  const live = stdout.isTTY === true;
  /** Piped: the text of model calls that have not ended yet, by message. */
  const held = new Map<string, string[]>();
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
  const writeReplyText = (messageId: string, text: string) => {
    // Text from the next model call (after tools ran) starts on a line of its own.
    if (lastMessageId !== undefined && lastMessageId !== messageId && midLine) writeText('\n');
    lastMessageId = messageId;
    writeText(text);
  };
  const release = (messageId: string) => {
    const chunks = held.get(messageId);
    held.delete(messageId);
    if (chunks !== undefined) writeReplyText(messageId, chunks.join(''));
  };

  return {
    event(event: AgentEvent) {
      if (event.type === 'assistantContentUpdated' && event.chunk !== '') {
        if (live) writeReplyText(event.messageId, event.chunk);
        else {
          const chunks = held.get(event.messageId) ?? [];
          chunks.push(event.chunk);
          held.set(event.messageId, chunks);
        }
        return;
      }
      if (event.type === 'assistantMessageFinished') {
        release(event.messageId);
        return;
      }
      if (event.type === 'assistantMessageDiscarded') {
        held.delete(event.messageId);
        if (live && event.messageId === lastMessageId) {
          // Printed text cannot be taken back: say that it was cut off and the retry starts over.
          if (midLine) writeText('\n');
          lastMessageId = undefined;
          stderr.write(
            'wave: the reply above was cut off; the model is asked again and its new reply follows.\n',
          );
        }
        return;
      }
      if (event.type === 'errorBlockAdded') reportedError = true;
      const line = problemLine(event) ?? toolLine(event);
      if (line !== undefined) writeLine(line);
    },
    finish(outcome: PrintOutcome) {
      // Every call has ended by now (finished, or cut short by an abort or a failure).
      for (const messageId of [...held.keys()]) release(messageId);
      if (printedAny && midLine) writeText('\n');
      if (outcome.turn.stopReason === 'error' && !reportedError) {
        writeLine(`wave: ${outcome.turn.error ?? 'the turn failed without saying why'}`);
      }
    },
  };
}
