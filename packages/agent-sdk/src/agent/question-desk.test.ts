// The model's questions to the user (AskUserQuestion) and its plans (ExitPlanMode), through a
// real Agent against tools/mock-llm: asked as session state, answered once by whoever answers
// first, the answer read back in Claude Code's words; a plan written to the plan file in plan
// mode, approved (the mode changes as session state) or sent back with a note (plan mode stays);
// and, with no one to ask (print mode), neither tool offered and a call told why.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKS_QUESTION, DATABASE_QUESTION, askingScenario } from '@wave-agent/mock-llm';
import type { UserQuestion } from '@wave-agent/shared-protocol';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
const homes: string[] = [];
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

const QUESTIONS = [DATABASE_QUESTION, CHECKS_QUESTION];

const asks = askingScenario(QUESTIONS);

async function questionAsked(h: Harness): Promise<UserQuestion> {
  await vi.waitFor(() => expect(h.agent.sessionState.userQuestions).toHaveLength(1), {
    timeout: 10_000,
  });
  return h.agent.sessionState.userQuestions[0]!;
}

function toolEnd(h: Harness, id = 'call-1') {
  return ofType(h.events, 'toolBlockUpdated').find(
    (event) => event.stage === 'end' && event.id === id,
  );
}

function toolNames(h: Harness, request: number): string[] {
  const body = h.mock.requests[request]!.body as { tools?: { function?: { name: string } }[] };
  return (body.tools ?? []).map((tool) => tool.function?.name ?? '');
}

describe('AskUserQuestion', () => {
  it('is session state until a host answers; the first answer counts and reaches the model', async () => {
    harness = await startHarness('openai', asks, { permissionQuestions: {} });
    const turn = harness.agent.sendMessage('set it up');
    const question = await questionAsked(harness);
    expect(toolNames(harness, 0)).toContain('AskUserQuestion');
    expect(question).toMatchObject({
      toolCallId: 'call-1',
      ask: { kind: 'choices', questions: QUESTIONS },
    });
    // An answer that does not fit is refused with a sentence, and the question stays.
    expect(() =>
      harness?.agent.answerUserQuestion(question.requestId, {
        kind: 'choices',
        answers: [['SQLite', 'Postgres'], []],
      }),
    ).toThrow('Question 1 takes one answer, but several were given. The question is still open.');
    expect(
      harness.agent.answerUserQuestion(question.requestId, {
        kind: 'choices',
        answers: [['SQLite'], ['Lint', 'Tests']],
      }),
    ).toBe(true);
    // A second window answering later changes nothing.
    expect(harness.agent.answerUserQuestion(question.requestId, { kind: 'declined' })).toBe(false);
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    const answered =
      'Your questions have been answered: "Which database?"="SQLite", "Which checks?"="Lint, Tests". You can now continue with these answers in mind.';
    expect(toolEnd(harness)).toMatchObject({ result: answered });
    expect(JSON.stringify(harness.mock.requests[1]!.body)).toContain('Which checks?');
    expect(harness.agent.sessionState.userQuestions).toEqual([]);
    harness.expectStateMatchesEvents();
  });

  it('takes an answer the user typed, and tells the model to read it carefully', async () => {
    harness = await startHarness('openai', asks, { permissionQuestions: {} });
    const turn = harness.agent.sendMessage('set it up');
    const question = await questionAsked(harness);
    harness.agent.answerUserQuestion(question.requestId, {
      kind: 'choices',
      answers: [['Neither: plain JSON files'], ['Types']],
    });
    await turn;
    expect(toolEnd(harness)?.result).toBe(
      'The user answered: "Which database?"="Neither: plain JSON files", "Which checks?"="Types". Read the answers carefully \u2014 they may request clarification, changes, or that you not proceed \u2014 and follow what they actually say.',
    );
  });

  it('a stop takes the question away unanswered', async () => {
    harness = await startHarness('openai', asks, { permissionQuestions: {} });
    const turn = harness.agent.sendMessage('set it up');
    const question = await questionAsked(harness);
    harness.agent.abortMessage();
    expect(await turn).toMatchObject({ stopReason: 'aborted' });
    expect(harness.agent.sessionState.userQuestions).toEqual([]);
    expect(ofType(harness.events, 'userQuestionAnswered')).toEqual([
      { type: 'userQuestionAnswered', requestId: question.requestId },
    ]);
    expect(harness.agent.answerUserQuestion(question.requestId, { kind: 'declined' })).toBe(false);
  });

  it('with no one to ask (print mode), is not offered; a call is told why and the run goes on', async () => {
    harness = await startHarness('openai', asks);
    expect(await harness.agent.sendMessage('set it up')).toMatchObject({ stopReason: 'end_turn' });
    expect(toolNames(harness, 0)).not.toContain('AskUserQuestion');
    expect(toolNames(harness, 0)).not.toContain('ExitPlanMode');
    expect(toolEnd(harness)?.error).toBe(
      'AskUserQuestion is not offered in this run: no one is there to answer (Wave runs non-interactively, e.g. wave -p). Do not ask; decide yourself, carry on, and say in your answer what you assumed.',
    );
    expect(harness.mock.requests).toHaveLength(2);
  });

  it("a subagent's question reaches the user through its parent's session", async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'subagent asks',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'task-1',
                name: 'Task',
                input: { description: 'ask', prompt: 'ask them', subagent_type: 'general-purpose' },
              },
            ],
          },
          ...asks.turns,
          { reply: [{ type: 'text', text: 'All done.' }] },
        ],
      },
      { permissionQuestions: {} },
    );
    const turn = harness.agent.sendMessage('delegate');
    const question = await questionAsked(harness);
    expect(question).toMatchObject({ subagent: 'general-purpose', toolCallId: 'call-1' });
    harness.agent.answerUserQuestion(question.requestId, {
      kind: 'choices',
      answers: [['Postgres'], []],
    });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(JSON.stringify(harness.mock.requests[2]!.body)).toContain(
      '\\"Which database?\\"=\\"Postgres\\"',
    );
  });
});

describe('ExitPlanMode', () => {
  async function planning(note?: string): Promise<{ h: Harness; planFile: string }> {
    const home = mkdtempSync(join(tmpdir(), 'wave-plan-home-'));
    homes.push(home);
    const sessionId = randomUUID();
    const planFile = join(home, 'plans', `${sessionId}.md`);
    const h = await startHarness(
      'openai',
      {
        name: 'plans',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'write-1',
                name: 'Write',
                input: { file_path: planFile, content: '# Plan\n\n1. Add the route\n' },
              },
            ],
          },
          { reply: [{ type: 'tool_call', id: 'call-1', name: 'ExitPlanMode', input: {} }] },
          { reply: [{ type: 'text', text: note ?? 'Starting.' }] },
        ],
      },
      { permissionQuestions: {}, permissionMode: 'plan', waveHome: home, newSessionId: sessionId },
    );
    return { h, planFile };
  }

  it('names the plan file in plan mode, lets the model write it, and an approval leaves plan mode', async () => {
    const { h, planFile } = await planning();
    harness = h;
    const turn = h.agent.sendMessage('plan the route');
    const question = await questionAsked(h);
    expect(JSON.stringify(h.mock.requests[0]!.body)).toContain(`Plan file: ${planFile}`);
    expect(readFileSync(planFile, 'utf8')).toBe('# Plan\n\n1. Add the route\n');
    expect(question.ask).toEqual({ kind: 'plan', plan: '# Plan\n\n1. Add the route\n', planFile });
    h.agent.answerUserQuestion(question.requestId, {
      kind: 'plan',
      decision: 'approveAcceptEdits',
    });
    await turn;
    expect(h.agent.sessionState.permissionMode).toBe('acceptEdits');
    expect(ofType(h.events, 'permissionModeChanged')).toEqual([
      { type: 'permissionModeChanged', mode: 'acceptEdits' },
    ]);
    expect(toolEnd(h)?.result).toBe(
      `User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\nYour plan has been saved to: ${planFile}\nYou can refer back to it if needed during implementation.\n\n## Approved Plan:\n# Plan\n\n1. Add the route\n`,
    );
    h.expectStateMatchesEvents();
  });

  it('sent back with a note: the note is the result and plan mode stays', async () => {
    const { h } = await planning();
    harness = h;
    const turn = h.agent.sendMessage('plan the route');
    const question = await questionAsked(h);
    h.agent.answerUserQuestion(question.requestId, {
      kind: 'plan',
      decision: 'keepPlanning',
      note: 'Add tests first',
    });
    await turn;
    expect(h.agent.sessionState.permissionMode).toBe('plan');
    expect(toolEnd(h)?.error).toBeDefined();
    expect(toolEnd(h)?.result).toBe(
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nAdd tests first",
    );
  });

  it('a plan given as input (older Claude Code) is asked about as it is', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'plan input',
        turns: [
          {
            reply: [
              { type: 'tool_call', id: 'call-1', name: 'ExitPlanMode', input: { plan: '- one' } },
            ],
          },
          { reply: [{ type: 'text', text: 'ok' }] },
        ],
      },
      { permissionQuestions: {}, permissionMode: 'plan' },
    );
    const turn = harness.agent.sendMessage('plan');
    const question = await questionAsked(harness);
    expect(question.ask).toEqual({ kind: 'plan', plan: '- one' });
    harness.agent.answerUserQuestion(question.requestId, {
      kind: 'plan',
      decision: 'approveDefault',
    });
    await turn;
    expect(harness.agent.sessionState.permissionMode).toBe('default');
  });
});

describe('hooks and rules see them', () => {
  it('a PreToolUse hook with matcher AskUserQuestion sees the call and can block it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wave-question-hook-'));
    homes.push(dir);
    const log = join(dir, 'input.json');
    harness = await startHarness('openai', asks, {
      permissionQuestions: {},
      hooks: [
        {
          file: '/settings.json',
          value: {
            PreToolUse: [
              {
                matcher: 'AskUserQuestion',
                hooks: [
                  {
                    type: 'command',
                    command: `cat > '${log}'; echo 'Ask in the chat instead' >&2; exit 2`,
                  },
                ],
              },
            ],
          },
        },
      ],
    });
    expect(await harness.agent.sendMessage('set it up')).toMatchObject({ stopReason: 'end_turn' });
    const input = JSON.parse(readFileSync(log, 'utf8')) as Record<string, unknown>;
    expect(input).toMatchObject({
      tool_name: 'AskUserQuestion',
      tool_input: { questions: QUESTIONS },
    });
    expect(toolEnd(harness)?.error).toContain('Ask in the chat instead');
    expect(ofType(harness.events, 'userQuestionAsked')).toEqual([]);
  });

  it('a bare deny rule takes ExitPlanMode and AskUserQuestion out of the tools offered', async () => {
    harness = await startHarness('openai', asks, {
      permissionQuestions: {},
      permissionSettings: [
        {
          file: '/settings.json',
          kind: 'user',
          baseDir: '/',
          value: { deny: ['AskUserQuestion', 'ExitPlanMode'] },
          locate: (keyPath) => `/settings.json:${keyPath}`,
        },
      ],
    });
    await harness.agent.sendMessage('set it up');
    expect(toolNames(harness, 0)).not.toContain('AskUserQuestion');
    expect(toolNames(harness, 0)).not.toContain('ExitPlanMode');
    expect(toolNames(harness, 0)).toContain('Read');
    expect(ofType(harness.events, 'userQuestionAsked')).toEqual([]);
  });
});
