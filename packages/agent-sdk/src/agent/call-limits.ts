// The numbers a model call runs within: the output limit, the retry policy and the context
// window. Each comes from the configured model when it says, else from the Agent's options.
import type { EffortLevel } from '@wave-agent/shared-protocol';
import type { RetryPolicy } from '../loop/turn-loop.js';
import type { CallTuning } from '../model/thinking/call-tuning.js';
import { effortTuning } from '../model/thinking/effort-tuning.js';
import { defaultContextWindow } from '../model/context-window.js';
import type { ResolvedProvider } from '../model/provider-settings.js';
import type { AgentOptions } from './agent-options.js';
import type { ModelChoice } from './model-choice.js';

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000, idleTimeoutMs: 90_000 };
/** Anthropic requires a limit; the others take none unless one is set. */
const ANTHROPIC_OUTPUT_LIMIT = 8192;

export class CallLimits {
  constructor(
    private readonly options: Pick<
      AgentOptions,
      'retry' | 'maxOutputTokens' | 'contextWindow' | 'maxThinkingTokens'
    >,
    private readonly models: ModelChoice,
  ) {}

  get retry(): RetryPolicy {
    return { ...DEFAULT_RETRY, ...this.options.retry };
  }

  /** For a call to `resolved` (default: the current model): its own limit, else the option's. */
  outputLimit(resolved: ResolvedProvider = this.models.resolved): number | undefined {
    return (
      resolved.maxOutputTokens ??
      this.options.maxOutputTokens ??
      (resolved.provider === 'anthropic' ? ANTHROPIC_OUTPUT_LIMIT : undefined)
    );
  }

  /**
   * What a turn's model call sends at this effort: its output limit and the provider options
   * that ask for thinking (model/thinking/). Compaction, /btw and titles ask without thinking.
   */
  tuning(effort: EffortLevel, resolved: ResolvedProvider = this.models.resolved): CallTuning {
    const configuredLimit = resolved.maxOutputTokens ?? this.options.maxOutputTokens;
    const { maxThinkingTokens } = this.options;
    return effortTuning({
      resolved,
      effort,
      plainLimit: this.outputLimit(resolved),
      ...(configuredLimit !== undefined ? { configuredLimit } : {}),
      ...(maxThinkingTokens !== undefined ? { maxThinkingTokens } : {}),
    });
  }

  /** The current model's context window in tokens; compaction starts near it. */
  contextWindow(): number {
    const { resolved } = this.models;
    return (
      resolved.contextWindow ??
      this.options.contextWindow ??
      defaultContextWindow(resolved.provider)
    );
  }
}
