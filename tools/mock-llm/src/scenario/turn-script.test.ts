import { describe, expect, it } from 'vitest';
import type { ConversationFacts } from '../conversation/conversation-facts.js';
import type { Scenario } from './scenario-types.js';
import { TurnScript } from './turn-script.js';

function facts(overrides: Partial<ConversationFacts> = {}): ConversationFacts {
  return {
    api: 'openai',
    model: 'm',
    stream: true,
    includeUsage: false,
    messageCount: 1,
    lastUserText: 'hello',
    recentToolResults: [],
    promptChars: 10,
    ...overrides,
  };
}

const text = (value: string) => [{ type: 'text' as const, text: value }];

describe('TurnScript', () => {
  it('serves plain turns in order and counts them', () => {
    const script = new TurnScript({
      name: 's',
      turns: [{ reply: text('a') }, { reply: text('b') }],
    });
    expect(script.pick(facts())).toMatchObject({ kind: 'turn', turnIndex: 0 });
    expect(script.pick(facts())).toMatchObject({ kind: 'turn', turnIndex: 1 });
    expect(script.served).toBe(2);
    expect(script.pick(facts())).toMatchObject({ kind: 'no-match' });
  });

  it('tries content matchers before the turn index', () => {
    const scenario: Scenario = {
      name: 's',
      turns: [
        { reply: text('in order') },
        { match: { lastToolResultContains: 'sunny' }, reply: text('tool answer') },
        { match: { lastUserContains: 'bye' }, reply: text('goodbye') },
      ],
    };
    const script = new TurnScript(scenario);
    expect(script.pick(facts({ lastUserText: 'bye now' }))).toMatchObject({ turnIndex: 2 });
    expect(script.pick(facts({ recentToolResults: ['it is sunny'] }))).toMatchObject({
      turnIndex: 1,
    });
    // Two served, and turn 2 has a matcher, so there is no plain turn at position 2.
    expect(script.pick(facts())).toMatchObject({ kind: 'no-match' });
  });

  it('picks a turn by its explicit turnIndex wherever it sits in the list', () => {
    const script = new TurnScript({
      name: 's',
      turns: [
        { match: { turnIndex: 1 }, reply: text('second') },
        { match: { turnIndex: 0 }, reply: text('first') },
      ],
    });
    expect(script.pick(facts())).toMatchObject({ turnIndex: 1 });
    expect(script.pick(facts())).toMatchObject({ turnIndex: 0 });
  });

  it('gives fault i to attempt i and counts only the clean attempt as served', () => {
    const script = new TurnScript({
      name: 's',
      turns: [
        { faults: [{ kind: 'http', status: 429 }, { kind: 'reset' }], reply: text('ok') },
        { reply: text('next') },
      ],
    });
    expect(script.pick(facts())).toMatchObject({
      turnIndex: 0,
      attempt: 0,
      fault: { kind: 'http', status: 429 },
    });
    expect(script.served).toBe(0);
    expect(script.pick(facts())).toMatchObject({
      turnIndex: 0,
      attempt: 1,
      fault: { kind: 'reset' },
    });
    expect(script.pick(facts())).toMatchObject({ turnIndex: 0, attempt: 2, fault: undefined });
    expect(script.served).toBe(1);
    expect(script.pick(facts())).toMatchObject({ turnIndex: 1 });
  });

  it('counts a split-utf8 attempt as served, since the whole reply still arrives', () => {
    const script = new TurnScript({
      name: 's',
      turns: [{ faults: [{ kind: 'split-utf8' }], reply: text('é') }],
    });
    expect(script.pick(facts())).toMatchObject({ fault: { kind: 'split-utf8' } });
    expect(script.served).toBe(1);
  });

  it('explains a miss: what the script wanted and what the request held', () => {
    const script = new TurnScript({
      name: 'weather',
      turns: [{ label: 'final', match: { lastToolResultContains: '°C' }, reply: text('x') }],
    });
    const pick = script.pick(
      facts({
        lastUserText: 'What is the weather?',
        recentToolResults: ['error: no city'],
        messageCount: 3,
      }),
    );
    expect(pick.kind === 'no-match' && pick.message).toBe(
      'mock-llm: no scripted turn matched this openai request (scenario "weather", 0 of 1 turns served so far). ' +
        'The request had 3 messages, last user text "What is the weather?", tool results since the last assistant message ["error: no city"]. ' +
        'The script: turn 0 (final): lastToolResultContains "°C".',
    );
  });
});
