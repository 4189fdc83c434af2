// The one place where Wave's session events become the Claude Agent SDK's messages: each event
// as it is applied, with the state the one reducer made of it (ARCHITECTURE §2.2). Deltas stay
// deltas: with --include-partial-messages every text, thinking and tool-input chunk is one
// Anthropic stream event (content_block_delta), so the deltas add up to exactly the text. A
// block's whole content (an `assistant` message per block, as Claude Code sends them) is read
// from the reduced state when the block ends; this file never joins deltas itself.
import { randomUUID } from 'node:crypto';
import type { AgentEvent, Message, SessionState } from '@wave-agent/shared-protocol';

export type SdkMessage = Record<string, unknown>;

type OpenKind = 'text' | 'thinking' | 'tool_use';

interface OpenBlock {
  readonly kind: OpenKind;
  readonly index: number;
  /** The tool call's id, for tool_use. */
  readonly toolId?: string;
}

interface ReplyProgress {
  /** The next content index of this model reply. */
  nextIndex: number;
  open: OpenBlock | undefined;
}

export interface MapperContext {
  readonly partialMessages: boolean;
}

function messageOf(state: SessionState, messageId: string): Message | undefined {
  return state.conversation.messages.findLast((message) => message.id === messageId);
}

/** The last block of this type in the message: the one the reducer just extended. */
function lastContent(message: Message | undefined, type: 'text' | 'reasoning'): string {
  const block = message?.blocks.findLast((each) => each.type === type);
  return block && (block.type === 'text' || block.type === 'reasoning') ? block.content : '';
}

function parsedInput(parameters: string | undefined): unknown {
  if (parameters === undefined || parameters === '') return {};
  try {
    return JSON.parse(parameters) as unknown;
  } catch {
    return {};
  }
}

const STOP_REASONS: Readonly<Record<string, string>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
  'content-filter': 'refusal',
};

export class SdkMessageMapper {
  private readonly replies = new Map<string, ReplyProgress>();
  /** Tool calls whose tool_use was sent (a call is announced once). */
  private readonly announced = new Set<string>();

  constructor(private readonly context: MapperContext) {}

  /** The SDK messages this event makes, in order (often none). */
  map(event: AgentEvent, state: SessionState): SdkMessage[] {
    const out: SdkMessage[] = [];
    switch (event.type) {
      case 'assistantMessageAdded':
        this.replies.set(event.messageId, { nextIndex: 0, open: undefined });
        this.stream(out, state, {
          type: 'message_start',
          message: {
            id: event.messageId,
            type: 'message',
            role: 'assistant',
            model: state.model.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 0, output_tokens: 0 },
          },
        });
        break;
      case 'assistantContentUpdated':
        this.chunk(out, state, event.messageId, 'text', event.chunk, event.stage === 'end');
        break;
      case 'assistantReasoningUpdated':
        this.chunk(out, state, event.messageId, 'thinking', event.chunk, event.stage === 'end');
        break;
      case 'toolBlockUpdated':
        this.tool(out, state, event);
        break;
      case 'assistantMessageFinished': {
        const reply = this.replies.get(event.messageId);
        if (reply?.open) this.close(out, state, event.messageId, reply);
        this.replies.delete(event.messageId);
        this.stream(out, state, {
          type: 'message_delta',
          delta: { stop_reason: STOP_REASONS[event.finishReason] ?? null, stop_sequence: null },
          usage: { output_tokens: event.usage?.outputTokens ?? 0 },
        });
        this.stream(out, state, { type: 'message_stop' });
        break;
      }
      default:
        break;
    }
    return out;
  }

  private chunk(
    out: SdkMessage[],
    state: SessionState,
    messageId: string,
    kind: 'text' | 'thinking',
    chunk: string,
    ends: boolean,
  ): void {
    const reply = this.replies.get(messageId);
    if (reply === undefined) return; // Not a reply of the model (nothing to stream).
    if (reply.open?.kind !== kind && chunk !== '') {
      if (reply.open) this.close(out, state, messageId, reply);
      reply.open = { kind, index: reply.nextIndex++ };
      this.stream(out, state, {
        type: 'content_block_start',
        index: reply.open.index,
        content_block:
          kind === 'text'
            ? { type: 'text', text: '' }
            : { type: 'thinking', thinking: '', signature: '' },
      });
    }
    if (chunk !== '' && reply.open)
      this.stream(out, state, {
        type: 'content_block_delta',
        index: reply.open.index,
        delta:
          kind === 'text'
            ? { type: 'text_delta', text: chunk }
            : { type: 'thinking_delta', thinking: chunk },
      });
    if (ends && reply.open?.kind === kind) this.close(out, state, messageId, reply);
  }

  private tool(
    out: SdkMessage[],
    state: SessionState,
    event: Extract<AgentEvent, { type: 'toolBlockUpdated' }>,
  ): void {
    const reply = this.replies.get(event.messageId);
    if (event.stage === 'start' && reply) {
      if (reply.open) this.close(out, state, event.messageId, reply);
      reply.open = { kind: 'tool_use', index: reply.nextIndex++, toolId: event.id };
      this.stream(out, state, {
        type: 'content_block_start',
        index: reply.open.index,
        content_block: { type: 'tool_use', id: event.id, name: event.name, input: {} },
      });
      return;
    }
    if (event.stage === 'streaming') {
      if (event.parametersChunk && reply?.open?.toolId === event.id)
        this.stream(out, state, {
          type: 'content_block_delta',
          index: reply.open.index,
          delta: { type: 'input_json_delta', partial_json: event.parametersChunk },
        });
      return;
    }
    // running or end: the input is whole.
    if (reply?.open?.toolId === event.id) this.close(out, state, event.messageId, reply);
    else this.announce(out, state, event.messageId, event.id, event.name, event.parameters);
    if (event.stage !== 'end') return;
    const failed = event.error !== undefined;
    out.push({
      type: 'user',
      message: {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: event.id,
            content: failed ? event.error : (event.result ?? ''),
            is_error: failed,
          },
        ],
      },
      parent_tool_use_id: null,
      session_id: state.sessionId,
      uuid: randomUUID(),
    });
  }

  /** Ends the open block: content_block_stop, then the block as an `assistant` message. */
  private close(
    out: SdkMessage[],
    state: SessionState,
    messageId: string,
    reply: ReplyProgress,
  ): void {
    const open = reply.open;
    if (open === undefined) return;
    reply.open = undefined;
    this.stream(out, state, { type: 'content_block_stop', index: open.index });
    const message = messageOf(state, messageId);
    if (open.kind === 'tool_use' && open.toolId !== undefined) {
      const block = message?.blocks.find((each) => each.type === 'tool' && each.id === open.toolId);
      const tool = block?.type === 'tool' ? block : undefined;
      this.announce(out, state, messageId, open.toolId, tool?.name ?? '', tool?.parameters);
      return;
    }
    const content =
      open.kind === 'text'
        ? { type: 'text', text: lastContent(message, 'text') }
        : { type: 'thinking', thinking: lastContent(message, 'reasoning'), signature: '' };
    out.push(this.assistant(state, messageId, content));
  }

  private announce(
    out: SdkMessage[],
    state: SessionState,
    messageId: string,
    id: string,
    name: string,
    parameters: string | undefined,
  ): void {
    if (this.announced.has(id)) return;
    this.announced.add(id);
    out.push(
      this.assistant(state, messageId, {
        type: 'tool_use',
        id,
        name,
        input: parsedInput(parameters),
      }),
    );
  }

  private assistant(
    state: SessionState,
    messageId: string,
    block: Record<string, unknown>,
  ): SdkMessage {
    return {
      type: 'assistant',
      message: {
        id: messageId,
        type: 'message',
        role: 'assistant',
        model: state.model.model,
        content: [block],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
      parent_tool_use_id: null,
      session_id: state.sessionId,
      uuid: randomUUID(),
    };
  }

  private stream(out: SdkMessage[], state: SessionState, event: Record<string, unknown>): void {
    if (!this.context.partialMessages) return;
    out.push({
      type: 'stream_event',
      event,
      parent_tool_use_id: null,
      session_id: state.sessionId,
      uuid: randomUUID(),
    });
  }
}
