// Tool calls over ACP, with a real wave --acp child, the ACP SDK's client and the mock model: a
// call is announced (pending, with title and kind), Wave's permission question becomes
// session/request_permission, the editor's answer is Wave's decision (allow once, allow for the
// session, reject; a cancelled request is a no), and the call ends completed or failed with its
// content — Edit and Write as diffs, a command with its streamed output.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import {
  allText,
  initialize,
  newSession,
  prompt,
  SELECT,
  toolCalls,
  useAcpFixture,
} from './test-kit.js';

const fixture = useAcpFixture();
const { dir } = fixture;

async function started(scenario: Scenario, work = dir('work')) {
  await fixture.startMock(scenario);
  const wave = fixture.spawn(dir('home'), work);
  await initialize(wave.agent);
  const { sessionId } = await newSession(wave.agent, work);
  return { wave, work, sessionId };
}

/** The tool results the model read in its last request (OpenAI wire format). */
function toolResults(llm: MockLlm): string[] {
  const body = llm.requests.at(-1)?.body as { messages?: { role: string; content?: unknown }[] };
  return (body.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content));
}

describe('wave --acp tool calls and permissions', () => {
  it('asks before a Write, runs it on "allow once" and shows the new file as a diff', async () => {
    const { wave, work, sessionId } = await started({
      name: 'write',
      turns: [
        {
          reply: [
            { type: 'text', text: 'Writing it.' },
            {
              type: 'tool_call',
              id: 'call_w',
              name: 'Write',
              input: { file_path: 'hello.txt', content: 'hello\nworld\n' },
            },
          ],
        },
        { match: { lastToolResultContains: 'Created' }, reply: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    wave.answerPermission = (request) => {
      // The editor knows the call it is asked about: announced before, with the same id.
      const announced = wave.updates.some(
        (u) =>
          u.update.sessionUpdate === 'tool_call' &&
          u.update.toolCallId === request.toolCall.toolCallId,
      );
      expect(announced).toBe(true);
      return SELECT('allow');
    };
    expect(await prompt(wave.agent, sessionId, 'Write hello.txt')).toEqual({
      stopReason: 'end_turn',
    });
    expect(readFileSync(join(work, 'hello.txt'), 'utf8')).toBe('hello\nworld\n');
    expect(wave.permissionRequests).toHaveLength(1);
    const [asked] = wave.permissionRequests;
    expect(asked?.options.map((option) => [option.optionId, option.kind, option.name])).toEqual([
      ['allow', 'allow_once', 'Allow'],
      ['allowSession', 'allow_always', 'Allow for this session'],
      ['allowAlways', 'allow_always', 'Always allow Edit(/**)'],
      ['deny', 'reject_once', 'Reject'],
    ]);
    expect(asked?.toolCall).toMatchObject({
      title: 'Write hello.txt',
      kind: 'edit',
      locations: [{ path: join(work, 'hello.txt') }],
    });
    const first = wave.updates.find((u) => u.update.sessionUpdate === 'tool_call')?.update;
    expect(first).toMatchObject({ status: 'pending', kind: 'edit', name: 'Write' });
    const [call] = [...toolCalls(wave.updates).values()];
    expect(call).toMatchObject({
      status: 'completed',
      title: 'Write hello.txt',
      kind: 'edit',
      locations: [{ path: join(work, 'hello.txt') }],
    });
    expect(call?.content).toEqual([
      // A file Write created: there was no old text.
      { type: 'diff', path: join(work, 'hello.txt'), oldText: null, newText: 'hello\nworld\n' },
      { type: 'content', content: { type: 'text', text: 'Created hello.txt (2 lines).' } },
    ]);
    expect(allText(wave.updates, 'agent_message_chunk')).toBe('Writing it.Done.');
    await wave.noUpdateDropped();
  });

  it('"Always allow" writes the narrowest rule to .wave/settings.local.json, and Wave stops asking', async () => {
    const write = (id: string, file: string) => ({
      type: 'tool_call' as const,
      id,
      name: 'Write',
      input: { file_path: file, content: 'x\n' },
    });
    const { wave, work, sessionId } = await started({
      name: 'always',
      turns: [
        { match: { turnIndex: 0 }, reply: [write('call_1', 'src/one.txt')] },
        { match: { turnIndex: 1 }, reply: [write('call_2', 'src/two.txt')] },
        { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'Both written.' }] },
      ],
    });
    wave.answerPermission = () => SELECT('allowAlways');
    await prompt(wave.agent, sessionId, 'Write two files');
    expect(readFileSync(join(work, 'src', 'two.txt'), 'utf8')).toBe('x\n');
    // Asked once: the rule answered the second Write.
    expect(wave.permissionRequests).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(work, '.wave', 'settings.local.json'), 'utf8'))).toEqual({
      permissions: { allow: ['Edit(/src/**)'] },
    });
    expect(readFileSync(join(work, '.gitignore'), 'utf8')).toBe('.wave/settings.local.json\n');
    // The second card says which rule let it run without a question, and from which file.
    const [, second] = [...toolCalls(wave.updates).values()];
    expect((second?.content as unknown[])[0]).toEqual({
      type: 'content',
      content: {
        type: 'text',
        text: `allowed by Edit(/src/**) in ${join(work, '.wave', 'settings.local.json')}`,
      },
    });
  });

  it('shows an Edit as the text it replaced and its replacement', async () => {
    const work = dir('work');
    writeFileSync(join(work, 'a.ts'), 'const x = 1;\nconst y = 2;\n');
    const run = await started(
      {
        name: 'edit',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'call_e',
                name: 'Edit',
                input: {
                  file_path: 'a.ts',
                  old_string: 'const y = 2;',
                  new_string: 'const y = 3;',
                },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'Edited.' }] },
        ],
      },
      work,
    );
    run.wave.answerPermission = () => SELECT('allow');
    await prompt(run.wave.agent, run.sessionId, 'Edit a.ts');
    expect(readFileSync(join(work, 'a.ts'), 'utf8')).toBe('const x = 1;\nconst y = 3;\n');
    const [call] = [...toolCalls(run.wave.updates).values()];
    expect(call?.status).toBe('completed');
    expect((call?.content as unknown[])[0]).toEqual({
      type: 'diff',
      path: join(work, 'a.ts'),
      oldText: 'const y = 2;',
      newText: 'const y = 3;',
    });
  });

  it('runs a command with its output streamed, and "allow for this session" asks only once', async () => {
    const { wave, work, sessionId } = await started({
      name: 'bash twice',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'b1',
              name: 'Bash',
              input: { command: 'echo first-output > one.txt; echo first-output' },
            },
          ],
        },
        {
          reply: [
            {
              type: 'tool_call',
              id: 'b2',
              name: 'Bash',
              input: { command: 'echo second-output' },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'Both ran.' }] },
      ],
    });
    wave.answerPermission = () => SELECT('allowSession');
    expect(await prompt(wave.agent, sessionId, 'Run both')).toEqual({ stopReason: 'end_turn' });
    expect(wave.permissionRequests).toHaveLength(1);
    expect(readFileSync(join(work, 'one.txt'), 'utf8')).toBe('first-output\n');
    const calls = [...toolCalls(wave.updates).values()];
    expect(calls.map((call) => [call.kind, call.status])).toEqual([
      ['execute', 'completed'],
      ['execute', 'completed'],
    ]);
    expect(JSON.stringify(calls[1]?.content)).toContain('second-output');
    // The echo is on the read-only list: its card says it ran without a question, and why.
    expect((calls[1]?.content as unknown[])[0]).toEqual({
      type: 'content',
      content: { type: 'text', text: 'read-only · ran without asking' },
    });
    // While it ran: in progress, with the output so far as the call's (replaced) content.
    const live = wave.updates
      .map((u) => u.update)
      .filter((u) => u.sessionUpdate === 'tool_call_update' && u.status === undefined);
    expect(JSON.stringify(live)).toContain('first-output');
    expect(
      wave.updates.some(
        (u) => u.update.sessionUpdate === 'tool_call_update' && u.update.status === 'in_progress',
      ),
    ).toBe(true);
  });

  it('does not run a rejected call, and the model reads why; a cancelled request or an error is a no too', async () => {
    const { wave, work, sessionId } = await started({
      name: 'rejected',
      turns: [
        {
          reply: [
            { type: 'tool_call', id: 'r1', name: 'Bash', input: { command: 'echo x > nope.txt' } },
          ],
        },
        { reply: [{ type: 'text', text: 'Understood, I did not run it.' }] },
        {
          reply: [
            { type: 'tool_call', id: 'r2', name: 'Bash', input: { command: 'echo y > nope2.txt' } },
          ],
        },
        { reply: [{ type: 'text', text: 'Not run either.' }] },
        {
          reply: [
            { type: 'tool_call', id: 'r3', name: 'Bash', input: { command: 'echo z > nope3.txt' } },
          ],
        },
        { reply: [{ type: 'text', text: 'Nor this.' }] },
      ],
    });
    wave.answerPermission = () => SELECT('deny');
    expect(await prompt(wave.agent, sessionId, 'Try it')).toEqual({ stopReason: 'end_turn' });
    wave.answerPermission = () => ({ outcome: { outcome: 'cancelled' } });
    expect(await prompt(wave.agent, sessionId, 'Try again')).toEqual({ stopReason: 'end_turn' });
    wave.answerPermission = () => {
      throw new Error('no dialog here');
    };
    expect(await prompt(wave.agent, sessionId, 'Once more')).toEqual({ stopReason: 'end_turn' });
    for (const file of ['nope.txt', 'nope2.txt', 'nope3.txt'])
      expect(() => readFileSync(join(work, file))).toThrow();
    const calls = [...toolCalls(wave.updates).values()];
    expect(calls.map((call) => call.status)).toEqual(['failed', 'failed', 'failed']);
    const results = toolResults(fixture.mock);
    expect(results[0]).toBe('The user denied this call.');
    expect(results[1]).toContain('the editor withdrew the question');
    expect(results[2]).toContain('the editor could not ask the user');
    expect(allText(wave.updates, 'agent_message_chunk')).toBe(
      'Understood, I did not run it.Not run either.Nor this.',
    );
  });
});
