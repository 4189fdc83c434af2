// Whether a state the host showed on the way is consistent with the final one: every message it
// had is in the final state, and each text and reasoning block it showed is a prefix of the
// final block (nothing shown twice, nothing shown that is later taken back).
import type { ConversationState } from '@wave-agent/shared-protocol';
import { blocksOf } from './block-contents.js';

/** Why `shown` is not a prefix of `final`, or undefined when it is. */
export function prefixViolation(
  shown: ConversationState,
  final: ConversationState,
): string | undefined {
  for (const message of shown.messages) {
    const last = final.messages.find((candidate) => candidate.id === message.id);
    if (!last) return `message ${message.id} was shown but is not in the final state`;
    for (const type of ['text', 'reasoning'] as const) {
      const finalBlocks = blocksOf(last, type);
      const shownBlocks = blocksOf(message, type);
      if (shownBlocks.length > finalBlocks.length) {
        return `message ${message.id} showed ${shownBlocks.length} ${type} blocks, the final state has ${finalBlocks.length}`;
      }
      for (const [index, block] of shownBlocks.entries()) {
        const whole = finalBlocks[index]?.content ?? '';
        if (!whole.startsWith(block.content)) {
          return `message ${message.id} showed ${type} ${JSON.stringify(block.content.slice(0, 80))}…, not a prefix of ${JSON.stringify(whole.slice(0, 80))}…`;
        }
      }
    }
  }
  return undefined;
}

/** The first violation among all states the host showed, with its position. */
export function firstPrefixViolation(
  states: readonly ConversationState[],
  final: ConversationState,
): string | undefined {
  for (const [index, state] of states.entries()) {
    const violation = prefixViolation(state, final);
    if (violation !== undefined) return `state ${index} of ${states.length}: ${violation}`;
  }
  return undefined;
}
