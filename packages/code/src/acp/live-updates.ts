// Wave's events → ACP session/update notifications, one table entry per event type. Deltas stay
// deltas: a text or reasoning chunk becomes one chunk update, sent once; tool blocks become a
// tool call and its updates. Each entry sees the session state before and after the event (the
// one reducer's immutable states), so whatever it needs is read from them, never built up here.
// Events with no ACP meaning
// (queue, background output, rewinds, which no ACP request starts) have no entry.
import { blockView } from '@wave-agent/shared-protocol';
import { addedBlockView, blockViewUpdates, hookRunIn } from './block-updates.js';
import type {
  AgentEvent,
  BlockView,
  EventOf,
  Message,
  SessionState,
} from '@wave-agent/shared-protocol';
import { RetryJoin } from './retry-join.js';
import type { Channel, Say } from './retry-join.js';
import {
  toolCallEnded,
  toolCallId,
  toolCallOutput,
  toolCallRetitled,
  toolCallRunning,
  toolCallStarted,
} from './tool-calls.js';
import {
  channelTexts,
  chunkUpdate,
  messageById,
  noticeUpdate,
  planUpdate,
  usageUpdate,
} from './update-parts.js';
import type { SessionUpdate, UpdateContext } from './update-parts.js';

type EventType = AgentEvent['type'];

interface Step<T extends EventType> {
  readonly event: EventOf<T>;
  readonly before: SessionState;
  readonly after: SessionState;
}

type Entry<T extends EventType> = (step: Step<T>) => SessionUpdate[];

/** An entry as the dispatch calls it, with the event it was chosen for. */
type AnyEntry = (step: {
  readonly event: AgentEvent;
  readonly before: SessionState;
  readonly after: SessionState;
}) => SessionUpdate[];

export const BROKE_OFF =
  "The model's reply broke off before this call was complete, so it was not run; Wave asks the model again.";

function toolBlock(message: Message | undefined, id: string) {
  for (const block of message?.blocks ?? [])
    if (block.type === 'tool' && block.id === id) return block;
  return undefined;
}

export class LiveUpdates {
  private readonly join = new RetryJoin();
  private readonly table: { readonly [T in EventType]?: Entry<T> };

  constructor(private readonly context: UpdateContext) {
    this.table = {
      assistantMessageAdded: ({ event }) => {
        this.join.started(event.messageId);
        return [];
      },
      assistantContentUpdated: (step) => this.chunk('text', step),
      assistantReasoningUpdated: (step) => this.chunk('reasoning', step),
      toolBlockUpdated: (step) => this.tool(step),
      // A block Wave adds (an error, a notice, a compaction) and a hook run once it has ended
      // (a tool's too): its view, as the replay shows it.
      errorBlockAdded: ({ event, after }) =>
        this.viewed(
          // An error about a message the state does not hold still reaches the user.
          addedBlockView(this.message(after, event.messageId)) ??
            blockView({ type: 'error', message: event.error }),
          event.messageId,
          `${event.messageId}/error`,
        ),
      noticeAdded: ({ event, after }) =>
        this.viewed(addedBlockView(this.message(after, event.messageId)), event.messageId),
      hookRunUpdated: ({ event, after }) =>
        event.stage === 'end'
          ? this.viewed(
              hookRunIn(this.message(after, event.messageId), event.id),
              event.messageId,
              `${event.messageId}/hook/${event.id}`,
            )
          : [],
      compactBlockAdded: ({ event, after }) =>
        this.viewed(addedBlockView(this.message(after, event.message.id)), event.message.id),
      assistantMessageFinished: ({ event, after }) => {
        const said = channelTexts(messageById(after.conversation.messages, event.messageId));
        return [
          ...this.say(event.messageId, this.join.finished(event.messageId, said)),
          ...(event.usage ? usageUpdate(context, event.usage) : []),
        ];
      },
      assistantMessageDiscarded: ({ event, before }) => this.discarded(event.messageId, before),
      permissionModeChanged: ({ event }) => [
        { sessionUpdate: 'current_mode_update', currentModeId: event.mode },
      ],
      sessionTitleChanged: ({ event }) => [
        { sessionUpdate: 'session_info_update', title: event.title },
      ],
      todosChanged: ({ event }) => [planUpdate(event.todos)],
      btwUpdated: ({ event }) =>
        event.chunk === '' ? [] : [chunkUpdate('text', event.btwId, event.chunk)],
      btwEnded: ({ event }) =>
        event.error === undefined
          ? []
          : [noticeUpdate(context, `${event.btwId}/error`, 'error', event.error)],
    };
  }

  updatesFor(event: AgentEvent, before: SessionState, after: SessionState): SessionUpdate[] {
    // The entry of an event's type takes that event; the compiler cannot follow the union.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    const entry = this.table[event.type] as AnyEntry | undefined;
    return entry ? entry({ event, before, after }) : [];
  }

  private message(state: SessionState, id: string): Message | undefined {
    return messageById(state.conversation.messages, id);
  }

  private viewed(
    view: BlockView | undefined,
    messageId: string,
    noteId = messageId,
  ): SessionUpdate[] {
    return view === undefined ? [] : blockViewUpdates(view, messageId, noteId, this.context);
  }

  private chunk(
    channel: Channel,
    { event, after }: Step<'assistantContentUpdated' | 'assistantReasoningUpdated'>,
  ): SessionUpdate[] {
    if (event.chunk === '') return [];
    const soFar = () => channelTexts(messageById(after.conversation.messages, event.messageId));
    return this.say(
      event.messageId,
      this.join.chunk(event.messageId, channel, event.chunk, soFar()),
    );
  }

  private say(waveMessageId: string, says: readonly Say[]): SessionUpdate[] {
    return says.map((say) =>
      say.kind === 'chunk'
        ? chunkUpdate(say.channel, say.messageId, say.text)
        : noticeUpdate(this.context, `${waveMessageId}/retry`, 'warning', say.text),
    );
  }

  private tool({ event, before, after }: Step<'toolBlockUpdated'>): SessionUpdate[] {
    const { workdir } = this.context;
    const { messageId } = event;
    const block = toolBlock(messageById(after.conversation.messages, messageId), event.id);
    if (block === undefined) return [];
    const facts = { messageId, block };
    const was = () => toolBlock(messageById(before.conversation.messages, messageId), event.id);
    switch (event.stage) {
      case 'start':
        return [toolCallStarted(facts)];
      case 'streaming': {
        const changed =
          event.compactParams !== undefined && event.compactParams !== was()?.compactParams;
        return changed ? [toolCallRetitled(facts)] : [];
      }
      case 'running': {
        const first = was()?.stage !== 'running';
        return [
          ...(first ? [toolCallRunning(facts, workdir)] : []),
          ...(event.shortResult !== undefined ? [toolCallOutput(facts, event.shortResult)] : []),
        ];
      }
      case 'end':
        return [toolCallEnded(facts, workdir)];
    }
  }

  /** The partial message goes; its unfinished tool calls say why, its text waits for the retry. */
  private discarded(messageId: string, before: SessionState): SessionUpdate[] {
    const message = messageById(before.conversation.messages, messageId);
    this.join.discarded(messageId, channelTexts(message));
    const unfinished = (message?.blocks ?? []).filter(
      (block) => block.type === 'tool' && block.stage !== 'end',
    );
    return unfinished.map((block) => ({
      sessionUpdate: 'tool_call_update',
      toolCallId: toolCallId(messageId, block.type === 'tool' ? block.id : ''),
      status: 'failed',
      content: [{ type: 'content', content: { type: 'text', text: BROKE_OFF } }],
    }));
  }
}
