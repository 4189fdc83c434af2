// The model's questions and plans over ACP, with a real wave --acp child, the ACP SDK's client
// and the mock model: ACP has no form, so each question is a session/request_permission whose
// options are its choices (and "Don't answer"), and a plan one whose content is the plan and
// whose options are the three plan choices; an approval changes the mode (current_mode_update).
// An MCP server's form (elicitation, server-everything's) is asked the same way, field by field.
import * as acp from '@agentclientprotocol/sdk';
import { CHECKS_QUESTION, DATABASE_QUESTION, askingScenario } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import {
  EVERYTHING_SERVER,
  initialize,
  newSession,
  prompt,
  SELECT,
  sessionWithServers,
  useAcpFixture,
} from './test-kit.js';

const fixture = useAcpFixture();
const { dir } = fixture;

async function started(scenario: Scenario) {
  const llm = await fixture.startMock(scenario);
  const work = dir('work');
  const wave = fixture.spawn(dir('home'), work);
  await initialize(wave.agent);
  const { sessionId } = await newSession(wave.agent, work);
  return { wave, sessionId, llm };
}

function toolResults(llm: MockLlm): string[] {
  const body = llm.requests.at(-1)?.body as { messages?: { role: string; content?: unknown }[] };
  return (body.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content));
}

const QUESTIONS = [DATABASE_QUESTION, CHECKS_QUESTION];

const ELICITING_TOOL = 'mcp__everything__trigger-elicitation-request';

describe('wave --acp: the model asks', () => {
  it('asks each question as a permission request whose options are its choices', async () => {
    const { wave, sessionId, llm } = await started(askingScenario(QUESTIONS));
    wave.answerPermission = (request) =>
      SELECT(
        request.options.length === 3 && request.toolCall.title?.startsWith('Database')
          ? 'option-1'
          : 'option-0',
      );
    expect(await prompt(wave.agent, sessionId, 'pick')).toEqual({ stopReason: 'end_turn' });
    expect(wave.permissionRequests.map((request) => request.toolCall.title)).toEqual([
      'Database: Which database?',
      'Checks: Which checks?',
    ]);
    expect(
      wave.permissionRequests[0]?.options.map((option) => [option.optionId, option.name]),
    ).toEqual([
      ['option-0', 'SQLite'],
      ['option-1', 'Postgres'],
      ['decline', "Don't answer"],
    ]);
    expect(toolResults(llm)).toEqual([
      'Your questions have been answered: "Which database?"="Postgres", "Which checks?"="Lint". You can now continue with these answers in mind.',
    ]);
  });

  it('a plan is one request with the plan as its content; approving it changes the mode', async () => {
    const { wave, sessionId, llm } = await started({
      name: 'plans',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'call_p',
              name: 'ExitPlanMode',
              input: { plan: '# Plan\n1. Route' },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'On it.' }] },
      ],
    });
    await wave.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'plan' });
    wave.answerPermission = () => SELECT('approveAcceptEdits');
    expect(await prompt(wave.agent, sessionId, 'plan it')).toEqual({ stopReason: 'end_turn' });
    const [asked] = wave.permissionRequests;
    expect(asked?.toolCall.content).toEqual([
      { type: 'content', content: { type: 'text', text: '# Plan\n1. Route' } },
    ]);
    expect(asked?.options.map((option) => option.name)).toEqual([
      'Yes, and auto-accept edits',
      'Yes, and manually approve edits',
      'No, keep planning',
    ]);
    expect(toolResults(llm)[0]).toContain('User has approved your plan.');
    await wave.waitForUpdates((updates) =>
      updates.some(
        (u) =>
          u.update.sessionUpdate === 'current_mode_update' &&
          u.update.currentModeId === 'acceptEdits',
      ),
    );
  });

  it('an MCP server’s form asks field by field under the server’s message; a text field can only be left unanswered, so it is declined', async () => {
    const llm = await fixture.startMock({
      name: 'elicits',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: ELICITING_TOOL, input: {} }],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Noted.' }] },
      ],
    });
    const { wave, sessionId } = await sessionWithServers(fixture, [EVERYTHING_SERVER]);
    const asks =
      'The MCP server "everything" asks: Please provide inputs for the following fields:';
    const isForm = (request: acp.RequestPermissionRequest): boolean =>
      (request.toolCall.content ?? []).some(
        (part) =>
          part.type === 'content' &&
          part.content.type === 'text' &&
          part.content.text.startsWith(asks),
      );
    wave.answerPermission = (request) => {
      if (isForm(request)) return SELECT('decline');
      return SELECT(request.options.find((option) => option.kind === 'allow_once')!.optionId);
    };
    expect(await prompt(wave.agent, sessionId, 'fill in the form')).toEqual({
      stopReason: 'end_turn',
    });
    const form = wave.permissionRequests.find(isForm);
    expect(form?.toolCall.title).toBe('String: Your full, legal name');
    expect(form?.toolCall.content).toEqual([
      {
        type: 'content',
        content: { type: 'text', text: `${asks}\n\nString: Your full, legal name` },
      },
    ]);
    expect(form?.options.map((option) => option.name)).toEqual(["Don't answer"]);
    expect(toolResults(llm)[0]).toContain('User declined to provide the requested information.');
  });
});
