import { describe, expect, it } from 'vitest';
import type { ChoiceQuestion } from '@wave-agent/shared-protocol';
import { approvedPlanText, choicesAnswerText } from './user-answer-text.js';

const question = (text: string, multiSelect = false): ChoiceQuestion => ({
  question: text,
  header: 'H',
  multiSelect,
  options: [
    { label: 'A', description: '' },
    { label: 'B', description: '' },
    { label: 'C', description: '' },
  ],
});

describe("the answers' text (Claude Code 2.1's words)", () => {
  it('lists each question with its answers when all are options', () => {
    expect(choicesAnswerText([question('Q1'), question('Q2', true)], [['A'], ['B', 'C']])).toBe(
      'Your questions have been answered: "Q1"="A", "Q2"="B, C". You can now continue with these answers in mind.',
    );
  });

  it('asks the model to read carefully when the user typed an answer of their own', () => {
    expect(choicesAnswerText([question('Q1')], [['Neither, use files']])).toBe(
      'The user answered: "Q1"="Neither, use files". Read the answers carefully \u2014 they may request clarification, changes, or that you not proceed \u2014 and follow what they actually say.',
    );
  });

  it('says so when nothing was answered, and leaves out unanswered questions', () => {
    expect(choicesAnswerText([question('Q1')], [[]])).toBe(
      'The user did not answer the questions.',
    );
    expect(choicesAnswerText([question('Q1'), question('Q2')], [[], ['B']])).toBe(
      'Your questions have been answered: "Q2"="B". You can now continue with these answers in mind.',
    );
  });

  it('gives the approved plan with its file', () => {
    expect(approvedPlanText('# Plan', '/h/.wave/plans/x.md')).toBe(
      'User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\nYour plan has been saved to: /h/.wave/plans/x.md\nYou can refer back to it if needed during implementation.\n\n## Approved Plan:\n# Plan',
    );
  });
});
