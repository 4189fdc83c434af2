// What a session file leaves out of a tool call's `running` and `end` steps: the fields that only
// repeat what the file's earlier lines of the same block already gave. On the wire those steps
// carry every stable field (a consumer that missed earlier steps must still end up right,
// ARCHITECTURE §2.8); a session file is read from its first line, and the one reducer keeps a
// block's `parameters` and `compactParams` when a step leaves them out (shared-protocol
// reducer/tool-blocks.ts), so the resumed state is the same. Before this, a call's parameters
// were written three times: streamed, then whole with `running` and again with `end` (a Write of
// a 20 KB file took 60 KB of the session).
import type { AgentEvent, ToolBlockUpdatedEvent } from '@wave-agent/shared-protocol';

interface Given {
  parameters: string;
  compactParams: string | undefined;
}

function blockKey(event: ToolBlockUpdatedEvent): string {
  return `${event.messageId}\u0000${event.id}`;
}

export class ToolStepTrim {
  private readonly blocks = new Map<string, Given>();

  /** The event as the file writes it (the same object when nothing repeats). */
  trim(event: AgentEvent): AgentEvent {
    if (event.type !== 'toolBlockUpdated') return event;
    const key = blockKey(event);
    const given = this.blocks.get(key);
    switch (event.stage) {
      case 'start':
        this.blocks.set(key, { parameters: '', compactParams: event.compactParams });
        return event;
      case 'streaming':
        if (given) {
          given.parameters += event.parametersChunk ?? '';
          given.compactParams = event.compactParams ?? given.compactParams;
        }
        return event;
      case 'running':
        // A block begun before the file was reopened: what its earlier lines hold is not known.
        return given ? this.running(event, given) : event;
      case 'end':
        this.blocks.delete(key);
        return given ? withoutRepeats(event, given) : event;
    }
  }

  /** After a line that may not have reached the file: nothing is known to be there. */
  reset(): void {
    this.blocks.clear();
  }

  private running(event: ToolBlockUpdatedEvent, given: Given): ToolBlockUpdatedEvent {
    const trimmed = withoutRepeats(event, given);
    given.parameters = event.parameters ?? given.parameters;
    given.compactParams = event.compactParams ?? given.compactParams;
    return trimmed;
  }
}

function withoutRepeats(event: ToolBlockUpdatedEvent, given: Given): ToolBlockUpdatedEvent {
  const repeatsParameters = event.parameters !== undefined && event.parameters === given.parameters;
  const repeatsCompact =
    event.compactParams !== undefined && event.compactParams === given.compactParams;
  if (!repeatsParameters && !repeatsCompact) return event;
  const copy: { -readonly [K in keyof ToolBlockUpdatedEvent]: ToolBlockUpdatedEvent[K] } = {
    ...event,
  };
  if (repeatsParameters) delete copy.parameters;
  if (repeatsCompact) delete copy.compactParams;
  return copy;
}
