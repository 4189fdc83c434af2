// Which kind of extended thinking a Claude model takes, by its id, as Claude Code 2.1.332 asks
// for it: Claude 4 models before 4.6 take a token budget (`thinking: {type: "enabled",
// budget_tokens}`), 4.6 and later think adaptively (`thinking: {type: "adaptive"}` with
// `output_config.effort`), and Claude 3 models (3.5 Haiku, 3.7 Sonnet) are sent nothing. The id
// may carry a cloud's prefix or suffix (Bedrock's `us.anthropic.…-v1:0`, Vertex's `…@2025…`).

export type AnthropicThinkingStyle = 'budget' | 'adaptive' | 'none';

export interface AnthropicThinkingModel {
  readonly style: AnthropicThinkingStyle;
  /** The most tokens one reply may hold (thinking included). */
  readonly outputCeiling: number;
}

const NONE: AnthropicThinkingModel = { style: 'none', outputCeiling: 8192 };

// claude-sonnet-4-5-20250929, claude-opus-4-1, claude-sonnet-4-20250514 (no minor: the 8-digit
// date is not one), claude-haiku-4-5, claude-sonnet-5.
const NEW_NAMING = /claude-(opus|sonnet|haiku)-(\d+)(?:-(\d{1,2}))?(?!\d)/;

export function anthropicThinkingModel(modelId: string): AnthropicThinkingModel {
  const match = NEW_NAMING.exec(modelId.toLowerCase());
  if (!match) return NONE;
  const family = match[1];
  const major = Number(match[2]);
  const minor = match[3] === undefined ? 0 : Number(match[3]);
  if (major >= 5 || (major === 4 && minor >= 6))
    return { style: 'adaptive', outputCeiling: 128_000 };
  if (major !== 4) return NONE;
  // Opus 4 and 4.1 write at most 32k tokens; the other Claude 4 models 64k.
  const outputCeiling = family === 'opus' && minor < 5 ? 32_000 : 64_000;
  return { style: 'budget', outputCeiling };
}
