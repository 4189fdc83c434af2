// Turns one model call's parts into events the moment they arrive (the Cline presenter idea,
// spec/000): text and reasoning deltas, tool blocks start → streaming, and a complete tool call
// handed to the scheduler at once while the model may still be streaming.
import type {
  AgentEvent,
  FinishReason,
  ProviderMetadata,
  Usage,
} from '@wave-agent/shared-protocol';
import type { ModelPart } from '../model/stream-parts.js';
import type { ToolDefinition } from '../tools/tool.js';
import { CompactParamsTracker } from './compact-params.js';
import { ThinkTagRouter } from './think-tag-router.js';
import type { Channel } from './think-tag-router.js';

export interface CompleteToolCall {
  readonly id: string;
  readonly toolName: string;
  /** The JSON text of the input, possibly invalid. */
  readonly input: string;
  readonly compact: CompactParamsTracker;
}

export interface CallPresenterOptions {
  readonly messageId: string;
  readonly emit: (event: AgentEvent) => void;
  readonly findTool: (name: string) => ToolDefinition<unknown> | undefined;
  /** The parameters text the state holds for a tool block (the reducer appended every chunk). */
  readonly toolParameters: (id: string) => string | undefined;
  readonly onToolCall: (call: CompleteToolCall) => void;
  readonly now: () => number;
  readonly workdir: string;
  /** The model id that answers (what /usage counts the call under). */
  readonly modelId?: string;
}

export class CallPresenter {
  private readonly router = new ThinkTagRouter();
  private open: Channel | undefined;
  /** Per tool call of this response: its name, compact form, and how much input has arrived. */
  private readonly tools = new Map<
    string,
    { name: string; compact: CompactParamsTracker; length: number; complete: boolean }
  >();
  private finishReason: FinishReason = 'other';
  private usage: Usage | undefined;
  private toolCalls = 0;

  constructor(private readonly options: CallPresenterOptions) {}

  get toolCallCount(): number {
    return this.toolCalls;
  }

  /** Why the model said it stopped (its finish part), once the call has ended. */
  get modelFinishReason(): FinishReason {
    return this.finishReason;
  }

  handle(part: ModelPart): void {
    switch (part.type) {
      case 'text':
        for (const segment of this.router.push(part.text))
          this.delta(segment.channel, segment.text);
        if (part.providerMetadata) this.delta('text', '', part.providerMetadata);
        return;
      case 'text-end':
        for (const segment of this.router.flush()) this.delta(segment.channel, segment.text);
        this.closeOpen();
        return;
      case 'reasoning':
        this.delta('reasoning', part.text, part.providerMetadata);
        return;
      case 'reasoning-end':
        if (this.open === 'reasoning') this.close('reasoning', part.providerMetadata);
        return;
      case 'tool-input-start':
        this.startTool(part.id, part.toolName);
        return;
      case 'tool-input-delta':
        this.toolDelta(part.id, part.delta);
        return;
      case 'tool-call':
        this.completeTool(part.id, part.toolName, part.input, part.providerMetadata);
        return;
      case 'finish':
        this.finishReason = part.finishReason;
        this.usage = part.usage;
        return;
    }
  }

  /** What the provider reported for the call, once it finished. */
  get reportedUsage(): Usage | undefined {
    return this.usage;
  }

  /** Ends every open block and reports the call finished (also after abort or failure). */
  finish(reason?: FinishReason): void {
    for (const segment of this.router.flush()) this.delta(segment.channel, segment.text);
    this.closeOpen();
    for (const [id, tool] of this.tools) {
      if (tool.complete) continue;
      this.options.emit({
        type: 'toolBlockUpdated',
        messageId: this.options.messageId,
        id,
        stage: 'end',
        name: tool.name,
        error: 'Not run: the reply stopped before this call was complete.',
      });
    }
    this.options.emit({
      type: 'assistantMessageFinished',
      messageId: this.options.messageId,
      finishReason: reason ?? this.finishReason,
      ...(this.usage ? { usage: this.usage } : {}),
      ...(this.options.modelId !== undefined ? { model: this.options.modelId } : {}),
    });
  }

  private delta(channel: Channel, chunk: string, providerMetadata?: ProviderMetadata): void {
    if (this.open && this.open !== channel) this.close(this.open);
    if (!chunk && !providerMetadata) return;
    const { messageId, emit } = this.options;
    const opening = this.open !== channel;
    this.open = channel;
    if (channel === 'text') {
      emit({
        type: 'assistantContentUpdated',
        messageId,
        chunk,
        stage: 'streaming',
        ...(providerMetadata ? { providerMetadata } : {}),
      });
    } else {
      emit({
        type: 'assistantReasoningUpdated',
        messageId,
        chunk,
        stage: 'streaming',
        ...(opening ? { startedAt: this.options.now() } : {}),
        ...(providerMetadata ? { providerMetadata } : {}),
      });
    }
  }

  private close(channel: Channel, providerMetadata?: ProviderMetadata): void {
    const { messageId, emit } = this.options;
    this.open = undefined;
    if (channel === 'text') {
      emit({ type: 'assistantContentUpdated', messageId, chunk: '', stage: 'end' });
    } else {
      emit({
        type: 'assistantReasoningUpdated',
        messageId,
        chunk: '',
        stage: 'end',
        endedAt: this.options.now(),
        ...(providerMetadata ? { providerMetadata } : {}),
      });
    }
  }

  private closeOpen(): void {
    if (this.open) this.close(this.open);
  }

  private startTool(id: string, toolName: string): void {
    if (this.tools.has(id)) return;
    for (const segment of this.router.flush()) this.delta(segment.channel, segment.text);
    this.closeOpen();
    this.tools.set(id, {
      name: toolName,
      compact: new CompactParamsTracker(this.options.findTool(toolName), this.options.workdir),
      length: 0,
      complete: false,
    });
    this.options.emit({
      type: 'toolBlockUpdated',
      messageId: this.options.messageId,
      id,
      stage: 'start',
      name: toolName,
    });
  }

  private toolDelta(id: string, chunk: string): void {
    const tool = this.tools.get(id);
    if (!tool || !chunk) return;
    tool.length += chunk.length;
    const compactParams = tool.compact.update(
      tool.length,
      () => (this.options.toolParameters(id) ?? '') + chunk,
    );
    this.options.emit({
      type: 'toolBlockUpdated',
      messageId: this.options.messageId,
      id,
      stage: 'streaming',
      name: tool.name,
      parametersChunk: chunk,
      ...(compactParams !== undefined ? { compactParams } : {}),
    });
  }

  private completeTool(
    id: string,
    toolName: string,
    input: string,
    providerMetadata?: ProviderMetadata,
  ): void {
    this.startTool(id, toolName);
    // Providers that send the input whole (no deltas) still get one streaming step.
    if (!this.options.toolParameters(id)) this.toolDelta(id, input);
    const tool = this.tools.get(id);
    if (!tool || tool.complete) return;
    // Kept on the block so the call goes back with it (Gemini refuses a call without its signature).
    if (providerMetadata) {
      this.options.emit({
        type: 'toolBlockUpdated',
        messageId: this.options.messageId,
        id,
        stage: 'streaming',
        name: tool.name,
        providerMetadata,
      });
    }
    tool.complete = true;
    this.toolCalls++;
    this.options.onToolCall({ id, toolName, input, compact: tool.compact });
  }
}
