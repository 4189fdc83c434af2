// The error text for a request no turn matches: what the script expected and what the request held,
// so a failing test explains itself without a debugger.
import type { ConversationFacts } from '../conversation/conversation-facts.js';
import type { Scenario, Turn } from './scenario-types.js';

function quote(text: string | undefined, limit = 160): string {
  if (text === undefined) return '(none)';
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}

function describeCondition(turn: Turn, position: number): string {
  const match = turn.match;
  const conditions = [
    match?.turnIndex !== undefined ? `turnIndex ${match.turnIndex}` : undefined,
    match?.lastUserContains !== undefined
      ? `lastUserContains ${quote(match.lastUserContains)}`
      : undefined,
    match?.lastToolResultContains !== undefined
      ? `lastToolResultContains ${quote(match.lastToolResultContains)}`
      : undefined,
  ].filter((condition) => condition !== undefined);
  const name = turn.label === undefined ? `turn ${position}` : `turn ${position} (${turn.label})`;
  return `${name}: ${conditions.length === 0 ? `in order, position ${position}` : conditions.join(' and ')}`;
}

export function describeNoMatch(
  scenario: Scenario,
  facts: ConversationFacts,
  served: number,
): string {
  const total = scenario.turns.length;
  const progress =
    served >= total
      ? `all ${total} scripted turns have already been served`
      : `${served} of ${total} turns served so far`;
  const request = [
    `${facts.messageCount} messages`,
    `last user text ${quote(facts.lastUserText)}`,
    `tool results since the last assistant message [${facts.recentToolResults.map((result) => quote(result, 80)).join(', ')}]`,
  ].join(', ');
  const script = scenario.turns.map(describeCondition).join('; ');
  return `mock-llm: no scripted turn matched this ${facts.api} request (scenario ${quote(scenario.name)}, ${progress}). The request had ${request}. The script: ${script}.`;
}
