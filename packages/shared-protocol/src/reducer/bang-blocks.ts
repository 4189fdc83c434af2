// `!command` steps, addressed by the message holding the bang block (its last one).

import type { BangBlockUpdatedEvent } from '../events.js';
import type { Message } from '../messages.js';
import { withoutUndefined } from './copy-helpers.js';
import { grown } from './grown-text.js';
import { withBlockAppended, withBlockReplaced } from './message-blocks.js';

export function withBangStep(message: Message, event: BangBlockUpdatedEvent): Message {
  const index = message.blocks.findLastIndex((block) => block.type === 'bang');
  const current = message.blocks[index];
  if (current?.type !== 'bang') {
    // Only a running step that names its command can start a bang block.
    if (event.stage !== 'running' || event.command === undefined) return message;
    return withBlockAppended(message, {
      type: 'bang',
      command: event.command,
      output: event.outputChunk ?? '',
      stage: 'running',
    });
  }
  const ended = event.stage === 'end';
  return withBlockReplaced(
    message,
    index,
    withoutUndefined({
      ...current,
      output: grown(current.output, event.outputChunk ?? ''),
      stage: ended ? 'end' : current.stage,
      exitCode: ended && event.exitCode !== undefined ? event.exitCode : current.exitCode,
      sandboxed: event.sandboxed ?? current.sandboxed,
    }),
  );
}
