// A session read back into state. A session cut off mid-turn (a crash, kill -9) has blocks still
// open; they are closed with "repair" events, written to the file like any other event, so the
// restored conversation is well formed and nothing looks live that is not.
import { applyEvents, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent, ConversationState, Message } from '@wave-agent/shared-protocol';
import type { SessionHeader } from './session-file.js';
import { readSessionFile } from './session-reader.js';

export const INTERRUPTED_TOOL = 'Interrupted: Wave stopped before this call finished.';

export interface RestoredSession {
  readonly header: SessionHeader;
  readonly state: ConversationState;
  /** Events that close what the crash left open; emit them after restoring. */
  readonly repairs: readonly AgentEvent[];
  /** Skipped lines, as sentences for the user. */
  readonly problems: readonly string[];
}

function repairsFor(message: Message): AgentEvent[] {
  const repairs: AgentEvent[] = [];
  let streaming = false;
  for (const block of message.blocks) {
    if ((block.type === 'text' || block.type === 'reasoning') && block.stage === 'streaming')
      streaming = true;
    if (block.type === 'tool' && block.stage !== 'end') {
      repairs.push({
        type: 'toolBlockUpdated',
        messageId: message.id,
        id: block.id,
        name: block.name,
        stage: 'end',
        error: INTERRUPTED_TOOL,
      });
    }
    if (block.type === 'bang' && block.stage === 'running') {
      repairs.push({
        type: 'bangBlockUpdated',
        messageId: message.id,
        stage: 'end',
        exitCode: null,
      });
    }
  }
  if (streaming)
    repairs.push({
      type: 'assistantMessageFinished',
      messageId: message.id,
      finishReason: 'aborted',
    });
  return repairs;
}

export function restoreSession(path: string): RestoredSession {
  const { header, events, problems } = readSessionFile(path);
  const state = applyEvents(emptyConversation, events);
  return { header, state, repairs: state.messages.flatMap(repairsFor), problems };
}
