// Small scenarios built in code, for tests that need one turn with one fault.
import type { Fault, Scenario, Turn } from '../scenario/scenario-types.js';

export function textTurn(text: string, options: Omit<Turn, 'reply'> = {}): Turn {
  return { ...options, reply: [{ type: 'text', text }] };
}

export function faultedText(
  text: string,
  faults: Fault[],
  options: Omit<Turn, 'reply' | 'faults'> = {},
): Scenario {
  return { name: 'inline', chunkSize: 2, turns: [textTurn(text, { ...options, faults })] };
}
