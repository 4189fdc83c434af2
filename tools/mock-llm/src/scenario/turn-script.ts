// Which scripted turn answers a request, and which attempt at that turn this is (for faults).
import type { ConversationFacts } from '../conversation/conversation-facts.js';
import { describeNoMatch } from './describe-no-match.js';
import type { Fault, Scenario, Turn, TurnMatch } from './scenario-types.js';

export type TurnPick =
  | { kind: 'turn'; turnIndex: number; turn: Turn; attempt: number; fault: Fault | undefined }
  | { kind: 'no-match'; message: string };

function hasContentMatchers(match: TurnMatch | undefined): boolean {
  return match?.lastUserContains !== undefined || match?.lastToolResultContains !== undefined;
}

function contentMatches(match: TurnMatch, facts: ConversationFacts, served: number): boolean {
  if (match.turnIndex !== undefined && match.turnIndex !== served) return false;
  if (
    match.lastUserContains !== undefined &&
    !(facts.lastUserText ?? '').includes(match.lastUserContains)
  )
    return false;
  const toolResultNeedle = match.lastToolResultContains;
  if (
    toolResultNeedle !== undefined &&
    !facts.recentToolResults.some((result) => result.includes(toolResultNeedle))
  ) {
    return false;
  }
  return true;
}

/** `split-utf8` and `hold` still deliver the whole reply, so the client has no reason to ask again. */
function deliversReply(fault: Fault | undefined): boolean {
  return fault === undefined || fault.kind === 'split-utf8' || fault.kind === 'hold';
}

export class TurnScript {
  private servedCount = 0;
  private readonly attempts: number[];

  constructor(readonly scenario: Scenario) {
    this.attempts = scenario.turns.map(() => 0);
  }

  /** Turns answered with a real reply so far (faulted attempts do not count). */
  get served(): number {
    return this.servedCount;
  }

  private findTurnIndex(facts: ConversationFacts): number {
    const { turns } = this.scenario;
    const served = this.servedCount;
    const byContent = turns.findIndex(
      (turn) =>
        turn.match && hasContentMatchers(turn.match) && contentMatches(turn.match, facts, served),
    );
    if (byContent !== -1) return byContent;
    const byIndex = turns.findIndex(
      (turn) => !hasContentMatchers(turn.match) && turn.match?.turnIndex === served,
    );
    if (byIndex !== -1) return byIndex;
    const inOrder = turns[served];
    return inOrder !== undefined && inOrder.match === undefined ? served : -1;
  }

  /** Picks the turn for a request and counts the attempt; a fault-free attempt counts as served. */
  pick(facts: ConversationFacts): TurnPick {
    const turnIndex = this.findTurnIndex(facts);
    const turn = this.scenario.turns[turnIndex];
    if (turn === undefined) {
      return { kind: 'no-match', message: describeNoMatch(this.scenario, facts, this.servedCount) };
    }
    const attempt = this.attempts[turnIndex] ?? 0;
    this.attempts[turnIndex] = attempt + 1;
    const fault = turn.faults?.[attempt];
    if (deliversReply(fault)) this.servedCount += 1;
    return { kind: 'turn', turnIndex, turn, attempt, fault };
  }
}
