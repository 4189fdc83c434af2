// --output-format text: the assistant's text on stdout; errors, notices and tool activity on
// stderr as short lines. A terminal gets each chunk the moment it arrives. A pipe or a file
// gets each reply exactly once: a model call's text is written when that call has ended, and
// dropped if the call broke and is retried — text already written could never be taken back,
// and a script reading stdout would get the cut-off start and then the whole reply again.
// (stream-json is the format for consumers who want the live deltas; its discard event says
// when to drop a partial.) The text itself always comes from the session state the one reducer
// made; this output keeps only which messages it still owes the pipe.
import type { AgentEvent, Message, SessionState } from '@wave-agent/shared-protocol';
import type { OutputStream } from '../cli/cli-io.js';
import type { PrintOutcome, PrintOutput } from './print-output.js';
import { terminalText } from '../terminal/terminal-text.js';
import { createToolLines, problemLine } from './stderr-lines.js';

/** Where the text written last came from: a text block of a message. */
interface TextPlace {
  readonly messageId: string;
  readonly blockIndex: number;
}

function messageOf(state: SessionState | undefined, messageId: string): Message | undefined {
  return state?.conversation.messages.find((message) => message.id === messageId);
}

/** The index of the text block a chunk of this message just extended (its last text block). */
function lastTextBlockIndex(message: Message | undefined): number {
  return message?.blocks.findLastIndex((block) => block.type === 'text') ?? -1;
}

export function textOutput(stdout: OutputStream, stderr: OutputStream): PrintOutput {
  const toolLine = createToolLines();
  const live = stdout.isTTY === true;
  /** Piped: the messages whose model call has not ended yet (their text waits in the state). */
  const owed = new Set<string>();
  let latest: SessionState | undefined;
  let lastPlace: TextPlace | undefined;
  let printedAny = false;
  let midLine = false;
  let reportedError = false;
  /** What notices said: a turn's error a notice already said is not said again. */
  const notices = new Set<string>();

  const writeText = (text: string) => {
    if (text === '') return;
    // On a terminal the model's text is a stranger's: no escape sequence of its reaches it.
    stdout.write(live ? terminalText(text) : text);
    printedAny = true;
    midLine = !text.endsWith('\n');
  };
  const writeLine = (line: string) => {
    // On one screen, a stderr line must not start in the middle of the answer's last line.
    if (midLine && stdout.isTTY && stderr.isTTY) writeText('\n');
    stderr.write(`${stderr.isTTY ? terminalText(line) : line}\n`);
  };
  const writeReplyText = (place: TextPlace, text: string) => {
    // Text of another block (the next model call after tools ran, or text after a tool call in
    // the same reply) starts on a line of its own.
    const moved =
      lastPlace !== undefined &&
      (lastPlace.messageId !== place.messageId || lastPlace.blockIndex !== place.blockIndex);
    if (moved && midLine && text !== '') writeText('\n');
    lastPlace = place;
    writeText(text);
  };
  const release = (messageId: string) => {
    if (!owed.delete(messageId)) return;
    const message = messageOf(latest, messageId);
    message?.blocks.forEach((block, blockIndex) => {
      if (block.type === 'text') writeReplyText({ messageId, blockIndex }, block.content);
    });
  };

  return {
    event(event: AgentEvent, state: SessionState) {
      latest = state;
      if (event.type === 'assistantContentUpdated' && event.chunk !== '') {
        if (!live) {
          owed.add(event.messageId);
          return;
        }
        const blockIndex = lastTextBlockIndex(messageOf(state, event.messageId));
        writeReplyText({ messageId: event.messageId, blockIndex }, event.chunk);
        return;
      }
      if (event.type === 'assistantMessageFinished') {
        release(event.messageId);
        return;
      }
      if (event.type === 'assistantMessageDiscarded') {
        owed.delete(event.messageId);
        if (live && event.messageId === lastPlace?.messageId) {
          // Printed text cannot be taken back: say that it was cut off and the retry starts over.
          if (midLine) writeText('\n');
          lastPlace = undefined;
          stderr.write(
            'wave: the reply above was cut off; the model is asked again and its new reply follows.\n',
          );
        }
        return;
      }
      if (event.type === 'errorBlockAdded') reportedError = true;
      if (event.type === 'noticeAdded') notices.add(event.message);
      const line = problemLine(event) ?? toolLine(event, state);
      if (line !== undefined) writeLine(line);
    },
    finish(outcome: PrintOutcome) {
      // Every call has ended by now (finished, or cut short by an abort or a failure).
      for (const messageId of [...owed]) release(messageId);
      if (printedAny && midLine) writeText('\n');
      if (outcome.overBudget !== undefined) writeLine(`wave: ${outcome.overBudget}`);
      if (outcome.structured !== undefined && 'problem' in outcome.structured)
        writeLine(`wave: ${outcome.structured.problem}`);
      const error = outcome.turn.error;
      const said = reportedError || (error !== undefined && notices.has(error));
      if (outcome.turn.stopReason === 'error' && !said) {
        writeLine(`wave: ${outcome.turn.error ?? 'the turn failed without saying why'}`);
      }
    },
  };
}
