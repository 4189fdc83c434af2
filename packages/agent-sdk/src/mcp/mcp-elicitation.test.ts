// MCP elicitation through a real Agent against tools/mock-llm, with the npm reference server
// `@modelcontextprotocol/server-everything` as a real child process: its
// trigger-elicitation-request tool asks mid-call for a form (strings with formats, numbers in a
// range, a boolean, single and multiple choices). The form is the session's user question (one
// question per field), an answer that does not fit is asked again saying why, a fitting one
// reaches the server as typed content, and a decline, a stopped turn, or a run where no one can
// answer (print mode) are what the server hears instead.
import type { Scenario } from '@wave-agent/mock-llm';
import type { UserQuestion } from '@wave-agent/shared-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentOptions } from '../agent.js';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { everythingStdioConfig } from './test-support/mcp-test-configs.js';

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.agent.close();
  await harness?.dispose();
  harness = undefined;
});

const TOOL = 'mcp__everything__trigger-elicitation-request';

const ELICITS: Scenario = {
  name: 'elicits',
  turns: [
    { match: { turnIndex: 0 }, reply: [{ type: 'tool_call', name: TOOL, input: {} }] },
    { match: { lastToolResultContains: 'Raw result' }, reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

async function withEverything(options: Partial<AgentOptions> = {}): Promise<Harness> {
  harness = await startHarness('openai', ELICITS, {
    mcpServers: { everything: everythingStdioConfig() },
    permissionMode: 'bypassPermissions',
    permissionQuestions: {},
    ...options,
  });
  return harness;
}

async function questionAsked(h: Harness, after?: string): Promise<UserQuestion> {
  await vi.waitFor(
    () => {
      const [question] = h.agent.sessionState.userQuestions;
      expect(question).toBeDefined();
      expect(question?.requestId).not.toBe(after);
    },
    { timeout: 30_000 },
  );
  return h.agent.sessionState.userQuestions[0]!;
}

function toolResult(h: Harness): string {
  const end = ofType(h.events, 'toolBlockUpdated').find(
    (event) => event.stage === 'end' && event.name === TOOL,
  );
  return String(end?.result ?? end?.error ?? '');
}

/** Fitting answers, in the form's order (name … legacy pet), as a person picks or types them. */
const FITTING: string[][] = [
  ['Ada Lovelace'],
  ['Yes'],
  ['It was a dark and stormy night.'],
  ['ada@example.org'],
  ['Leave empty'],
  ['1815-12-10'],
  ['7'],
  ['2.5'],
  ['Phoebe'],
  ['Piano', 'Drums'],
  ['Wonder Woman'],
  ['Salmon'],
  ['Dogs'],
];

describe('MCP elicitation', { timeout: 90_000 }, () => {
  it('asks the form as the session’s question, asks again when an answer does not fit, and returns typed content', async () => {
    const h = await withEverything();
    const turn = h.agent.sendMessage('fill in the form');
    const first = await questionAsked(h);
    expect(first.elicitation).toStrictEqual({
      server: 'everything',
      message: 'Please provide inputs for the following fields:',
    });
    expect(first.ask.kind).toBe('choices');
    const questions = first.ask.kind === 'choices' ? first.ask.questions : [];
    expect(questions.map((question) => question.header)).toHaveLength(13);
    expect(questions[0]).toStrictEqual({
      question: 'String: Your full, legal name',
      header: 'String',
      options: [],
      multiSelect: false,
    });
    expect(questions[1]?.options.map((option) => option.label)).toStrictEqual([
      'Yes',
      'No',
      'Leave empty',
    ]);
    expect(questions[6]?.question).toBe(
      'Integer: Your favorite integer (do not give us your phone number, pin, or other sensitive info) (a whole number from 1 to 100; optional)',
    );
    expect(questions[10]?.options.map((option) => option.label)).toStrictEqual([
      'Superman',
      'Green Lantern',
      'Wonder Woman',
      'Leave empty',
    ]);
    expect(questions[9]?.multiSelect).toBe(true);

    // The integer out of its range and a malformed email: asked again, saying why.
    const wrong = questions.map((_question, index) =>
      index === 6 ? ['700'] : index === 3 ? ['not-an-email'] : FITTING[index]!,
    );
    expect(h.agent.answerUserQuestion(first.requestId, { kind: 'choices', answers: wrong })).toBe(
      true,
    );
    const again = await questionAsked(h, first.requestId);
    expect(again.elicitation?.message).toBe(
      'Please provide inputs for the following fields:\n(The last answer did not fit: String with email format: "not-an-email" is not an email address; Integer: 700 is more than 100. Please answer again.)',
    );
    h.agent.answerUserQuestion(again.requestId, {
      kind: 'choices',
      answers: FITTING,
    });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    const result = toolResult(h);
    expect(result).toContain('User provided the requested information!');
    const raw = JSON.parse(result.slice(result.indexOf('{'))) as unknown;
    expect(raw).toStrictEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.org',
        birthdate: '1815-12-10',
        integer: 7,
        number: 2.5,
        untitledSingleSelectEnum: 'Phoebe',
        untitledMultipleSelectEnum: ['Piano', 'Drums'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-2'],
        legacyTitledEnum: 'pet-2',
      },
    });
    expect(h.agent.sessionState.userQuestions).toEqual([]);
    h.expectStateMatchesEvents();
  });

  it('tells the server the user declined when the question is dismissed', async () => {
    const h = await withEverything();
    const turn = h.agent.sendMessage('fill in the form');
    const question = await questionAsked(h);
    h.agent.answerUserQuestion(question.requestId, { kind: 'declined' });
    await turn;
    expect(toolResult(h)).toContain('User declined to provide the requested information.');
  });

  it('waits for the user beyond the call timeout: the timer stops while the form is open', async () => {
    const h = await withEverything({ mcpTimeouts: { connectMs: 30_000, callMs: 400 } });
    const turn = h.agent.sendMessage('fill in the form');
    const question = await questionAsked(h);
    // Longer than the call timeout, as a person takes.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    h.agent.answerUserQuestion(question.requestId, { kind: 'declined' });
    await turn;
    expect(toolResult(h)).toContain('User declined');
  });

  it('takes the question away when the turn is stopped', async () => {
    const h = await withEverything();
    const turn = h.agent.sendMessage('fill in the form');
    await questionAsked(h);
    h.agent.abortMessage();
    expect(await turn).toMatchObject({ stopReason: 'aborted' });
    expect(h.agent.sessionState.userQuestions).toEqual([]);
    expect(toolResult(h)).toContain('stopped: the user aborted the turn');
  });

  it('declines where no one can answer (print mode), and says so to the user', async () => {
    const h = await withEverything({ permissionQuestions: undefined });
    await h.agent.sendMessage('fill in the form');
    expect(toolResult(h)).toContain('User declined to provide the requested information.');
    expect(ofType(h.events, 'noticeAdded').map((event) => event.message)).toContain(
      'The MCP server "everything" asked for input ("Please provide inputs for the following fields:"), but no one can answer in this run, so Wave declined. Run wave without -p to answer it.',
    );
  });
});
