// Scenario stop reasons are Anthropic's words; this is OpenAI's name for each.
import type { StopReason } from '../scenario/scenario-types.js';

const finishReasons: Record<StopReason, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  refusal: 'content_filter',
};

export function openAiFinishReason(stopReason: StopReason): string {
  return finishReasons[stopReason];
}
