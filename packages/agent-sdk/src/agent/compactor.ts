// Compaction: a model call folds the model context into a summary, appended to the display
// stream as a compact block (ARCHITECTURE §2.11); its tokens count in the session's usage. Automatic
// near the context limit, before a model call, or asked for with /compact.
import { randomUUID } from 'node:crypto';
import type { LanguageModel } from 'ai';
import { needsCompaction, summarizeConversation } from '../context/compaction.js';
import type { AttachmentAccess } from '../attachments/attachment-parts.js';
import type { EventHub } from '../events/event-hub.js';
import type { AgentHooks, CompactTrigger } from '../hooks/agent-hooks.js';
import { classifyModelError } from '../model/model-errors.js';
import { modelIdOf } from '../model/model-call.js';

export interface CompactorDeps {
  readonly hub: EventHub;
  /** The model compaction uses (settings' `modelFor.compact`, else the current one); may throw a ConfigError. */
  readonly model: () => {
    readonly model: LanguageModel;
    readonly maxOutputTokens?: number | undefined;
    /** The conversation's attachments as this model takes them. */
    readonly attachments?: AttachmentAccess;
  };
  /** The current model's context window. */
  readonly contextWindow: () => number;
  /** PreCompact before, PostCompact and SessionStart ("compact") after. */
  readonly hooks?: AgentHooks;
}

export interface CompactionOutcome {
  readonly ok: boolean;
  /** Why it did not happen, as a sentence. */
  readonly error?: string;
}

export class Compactor {
  constructor(private readonly deps: CompactorDeps) {}

  async compactIfNeeded(signal: AbortSignal): Promise<void> {
    const { hub, contextWindow } = this.deps;
    if (needsCompaction(hub.state.conversation.messages, contextWindow()))
      await this.compact(signal, undefined, 'auto');
  }

  async compact(
    signal: AbortSignal,
    instructions?: string,
    trigger: CompactTrigger = 'manual',
  ): Promise<CompactionOutcome> {
    const { hub, hooks } = this.deps;
    try {
      await hooks?.preCompact(trigger, instructions ?? '', signal);
      const { model, maxOutputTokens, attachments } = this.deps.model();
      const { summary, usage } = await summarizeConversation({
        model,
        messages: hub.state.conversation.messages,
        ...(attachments ? { attachments } : {}),
        signal,
        ...(instructions ? { instructions } : {}),
        ...(maxOutputTokens ? { maxOutputTokens } : {}),
      });
      hub.emit({
        type: 'compactBlockAdded',
        message: {
          id: randomUUID(),
          role: 'system',
          createdAt: Date.now(),
          blocks: [{ type: 'compact', summary }],
        },
      });
      if (usage) hub.emit({ type: 'usageUpdated', usage, model: modelIdOf(model) });
      await hooks?.postCompact(trigger, summary, signal);
      await hooks?.sessionStart('compact');
      return { ok: true };
    } catch (error) {
      if (signal.aborted) return { ok: false, error: 'Compaction was aborted.' };
      const problem = classifyModelError(error);
      const message = `Could not compact the conversation: ${problem.message}`;
      hub.emit({
        type: 'noticeAdded',
        messageId: randomUUID(),
        createdAt: Date.now(),
        level: 'warning',
        message,
      });
      return { ok: false, error: message };
    }
  }
}
