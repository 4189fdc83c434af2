// Permission questions as session state, through a real Agent against tools/mock-llm: asked as
// an event and held in the state (with the tool block it holds up), answered by whoever answers
// first, withdrawn by a stop, denied after the timeout, never left behind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scenario } from '@wave-agent/mock-llm';
import { NOT_RUN_ABORTED } from '../loop/tool-runner.js';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const bashThenDone: Scenario = {
  name: 'bash',
  turns: [
    {
      reply: [
        {
          type: 'tool_call',
          id: 'call-1',
          name: 'Bash',
          input: { command: 'echo hi | tee /dev/null' },
        },
      ],
    },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

async function questionAsked(h: Harness) {
  await vi.waitFor(() => expect(h.agent.sessionState.permissionQuestions).toHaveLength(1), {
    timeout: 10_000,
  });
  return h.agent.sessionState.permissionQuestions[0]!;
}

function toolEnd(h: Harness) {
  return ofType(h.events, 'toolBlockUpdated').find((event) => event.stage === 'end');
}

describe('permission questions', () => {
  it('are session state until a host answers, and the first answer wins', async () => {
    harness = await startHarness('openai', bashThenDone, { permissionQuestions: {} });
    const turn = harness.agent.sendMessage('run it');
    const question = await questionAsked(harness);
    const assistant = harness.agent.messages.findLast((message) => message.role === 'assistant');
    expect(question).toMatchObject({
      toolName: 'Bash',
      toolCallId: 'call-1',
      messageId: assistant?.id,
      input: '{"command":"echo hi | tee /dev/null"}',
      reason: expect.stringContaining('runs commands') as unknown,
    });
    expect(harness.agent.answerPermission(question.requestId, 'allow')).toBe(true);
    // Another host answering the same question later changes nothing.
    expect(harness.agent.answerPermission(question.requestId, 'deny')).toBe(false);
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(toolEnd(harness)).toMatchObject({ result: expect.stringContaining('hi') as unknown });
    expect(ofType(harness.events, 'permissionResolved')).toEqual([
      { type: 'permissionResolved', requestId: question.requestId, decision: 'allow' },
    ]);
    expect(harness.agent.sessionState.permissionQuestions).toEqual([]);
    harness.expectStateMatchesEvents();
  });

  it('refuse "allowAlways" for a question that offers no rule, and stay open', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'joined',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'call-1',
                name: 'Bash',
                input: { command: 'echo hi && echo there | tee /dev/null' },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'Done.' }] },
        ],
      },
      { permissionQuestions: {} },
    );
    const turn = harness.agent.sendMessage('run it');
    const question = await questionAsked(harness);
    expect(question.alwaysRule).toBeUndefined();
    expect(() => harness?.agent.answerPermission(question.requestId, 'allowAlways')).toThrow(
      '"allowAlways" is not an answer to this question: it offers no rule to save. Answer allow, allowSession or deny.',
    );
    expect(harness.agent.sessionState.permissionQuestions).toEqual([question]);
    expect(harness.agent.answerPermission(question.requestId, 'allow')).toBe(true);
    await turn;
    expect(toolEnd(harness)).toMatchObject({ result: expect.stringContaining('there') as unknown });
    harness.expectStateMatchesEvents();
  });

  it('a denial with a reason reaches the model', async () => {
    harness = await startHarness('openai', bashThenDone, { permissionQuestions: {} });
    const turn = harness.agent.sendMessage('run it');
    const question = await questionAsked(harness);
    harness.agent.answerPermission(question.requestId, 'deny', 'not on my machine');
    await turn;
    expect(toolEnd(harness)?.error).toBe('The user denied this call: not on my machine');
    expect(JSON.stringify(harness.mock.requests[1]!.body)).toContain('not on my machine');
  });

  it('a stop withdraws the question: the call is not run and the turn ends aborted', async () => {
    harness = await startHarness('openai', bashThenDone, { permissionQuestions: {} });
    const turn = harness.agent.sendMessage('run it');
    const question = await questionAsked(harness);
    harness.agent.abortMessage();
    expect(await turn).toMatchObject({ stopReason: 'aborted' });
    expect(toolEnd(harness)?.error).toBe(NOT_RUN_ABORTED);
    expect(ofType(harness.events, 'permissionResolved')[0]).toMatchObject({
      requestId: question.requestId,
      decision: 'deny',
    });
    expect(harness.agent.sessionState).toMatchObject({
      permissionQuestions: [],
      status: { type: 'idle' },
    });
    expect(harness.agent.answerPermission(question.requestId, 'allow')).toBe(false);
  });

  it('a question no one answers is denied after the timeout, with a reason the model reads', async () => {
    harness = await startHarness('openai', bashThenDone, {
      permissionQuestions: { timeoutMs: 50 },
    });
    await harness.agent.sendMessage('run it');
    expect(toolEnd(harness)?.error).toMatch(/timed out/);
    expect(harness.agent.sessionState.permissionQuestions).toEqual([]);
    expect(harness.logs.some((line) => line.includes('no permission answer within'))).toBe(true);
  });

  it("the SDK user's canUseTool answers like any host, and the question shows meanwhile", async () => {
    let shown: unknown;
    harness = await startHarness('openai', bashThenDone, {
      canUseTool: () => {
        shown = harness!.agent.sessionState.permissionQuestions[0]?.toolCallId;
        return { decision: 'allowSession' };
      },
    });
    await harness.agent.sendMessage('run it');
    expect(shown).toBe('call-1');
    expect(ofType(harness.events, 'permissionResolved')[0]?.decision).toBe('allowSession');
  });

  it('without anyone to ask, nothing is asked and the call is denied with what to do', async () => {
    harness = await startHarness('openai', bashThenDone);
    await harness.agent.sendMessage('run it');
    expect(ofType(harness.events, 'permissionRequested')).toEqual([]);
    expect(toolEnd(harness)?.error).toMatch(/no one to ask/);
  });
});
