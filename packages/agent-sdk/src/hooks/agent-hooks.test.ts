// The agent's own hook points, through a real agent against tools/mock-llm and real hook
// commands: SessionStart at each of its sources, SessionEnd on /clear, Pre/PostCompact around a
// compaction, PermissionRequest answering a question, and Notification when a person is asked.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every hook's input, one line each, in the order they ran. */
function recorder(): { log: string; read: () => Record<string, unknown>[] } {
  const dir = mkdtempSync(join(tmpdir(), 'wave-hooks-'));
  dirs.push(dir);
  const log = join(dir, 'inputs.jsonl');
  return {
    log,
    read: () => {
      if (!existsSync(log)) return [];
      return readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
  };
}

const record = (log: string) => `{ cat; echo; } >> '${log}'`;

function hooksFor(events: Record<string, string>) {
  return [
    {
      file: '/settings.json',
      value: Object.fromEntries(
        Object.entries(events).map(([event, command]) => [
          event,
          [{ hooks: [{ type: 'command', command }] }],
        ]),
      ),
    },
  ];
}

describe("the agent's hook points", () => {
  it('SessionStart at startup, clear and compact; SessionEnd on clear; Pre/PostCompact around a compaction', async () => {
    const { log, read } = recorder();
    const all = ['SessionStart', 'SessionEnd', 'PreCompact', 'PostCompact'];
    harness = await startHarness(
      'anthropic',
      {
        name: 'compact',
        turns: [
          { reply: [{ type: 'text', text: 'hello' }] },
          { reply: [{ type: 'text', text: 'The summary.' }] },
        ],
      },
      {
        env: { PATH: process.env['PATH'] },
        hooks: hooksFor(Object.fromEntries(all.map((event) => [event, record(log)]))),
      },
    );
    const { agent } = harness;
    await agent.sendMessage('hi');
    await agent.compact('keep the names');
    await expect.poll(() => read().length).toBe(4);
    await agent.clear();
    await expect.poll(() => read().length).toBe(6);
    expect(
      read().map((input) => [
        input['hook_event_name'],
        input['source'] ?? input['trigger'] ?? input['reason'],
      ]),
    ).toStrictEqual([
      ['SessionStart', 'startup'],
      ['PreCompact', 'manual'],
      ['PostCompact', 'manual'],
      ['SessionStart', 'compact'],
      ['SessionEnd', 'clear'],
      ['SessionStart', 'clear'],
    ]);
    expect(read()[1]).toMatchObject({ custom_instructions: 'keep the names' });
    expect(read()[2]).toMatchObject({ compact_summary: 'The summary.' });
    // The hooks in force are session state, for /hooks in every host, and stay after /clear.
    expect(agent.sessionState.hooks?.map((hook) => hook.event)).toStrictEqual(all);
  });

  it('a PermissionRequest hook answers the question; Notification runs when a person is asked', async () => {
    const { log, read } = recorder();
    const allow = `input=$(cat); echo "$input" >> '${log}'; grep -q allow-me <<<"$input" && echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'; true`;
    const asked: string[] = [];
    harness = await startHarness(
      'anthropic',
      {
        name: 'two commands',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 't1',
                name: 'Bash',
                input: { command: 'echo allow-me | tee /dev/null' },
              },
            ],
          },
          {
            reply: [
              {
                type: 'tool_call',
                id: 't2',
                name: 'Bash',
                input: { command: 'echo ask | tee /dev/null' },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'done' }] },
        ],
      },
      {
        env: { PATH: process.env['PATH'] },
        hooks: hooksFor({ PermissionRequest: allow, Notification: record(log) }),
        canUseTool: (request) => {
          asked.push(String((request.input as { command: string }).command));
          return { decision: 'allow' };
        },
      },
    );
    await harness.agent.sendMessage('run both');
    // The hook allowed the first: nobody was asked. The second went to a person.
    expect(asked).toStrictEqual(['echo ask | tee /dev/null']);
    await expect.poll(() => read().length).toBe(3);
    expect(read().map((input) => input['hook_event_name'])).toStrictEqual([
      'PermissionRequest',
      'PermissionRequest',
      'Notification',
    ]);
    expect(read()[0]).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'echo allow-me | tee /dev/null' },
    });
    expect(read()[2]).toMatchObject({ notification_type: 'permission_prompt' });
    harness.expectStateMatchesEvents();
  });
});

describe('a PreToolUse deny that gives only a systemMessage', () => {
  it('shows the message to the user as a notice; the model learns only that a hook blocked the call', async () => {
    const deny = `cat > /dev/null; echo '{"systemMessage":"Rule no-rm: rm is off here.","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'`;
    harness = await startHarness(
      'anthropic',
      {
        name: 'denied',
        turns: [
          {
            reply: [
              { type: 'tool_call', id: 't1', name: 'Bash', input: { command: 'touch gone' } },
            ],
          },
          { reply: [{ type: 'text', text: 'ok' }] },
        ],
      },
      { env: { PATH: process.env['PATH'] }, hooks: hooksFor({ PreToolUse: deny }) },
    );
    await harness.agent.sendMessage('remove it');
    const notices = harness.agent.messages.flatMap((message) =>
      message.blocks.flatMap((block) => (block.type === 'notice' ? [block] : [])),
    );
    expect(notices.map((notice) => [notice.message, notice.level, notice.toModel])).toStrictEqual([
      ['Rule no-rm: rm is off here.', 'warning', undefined],
    ]);
    const sent = JSON.stringify(harness.mock.requests.at(-1));
    expect(sent).toContain('A PreToolUse hook blocked this call');
    expect(sent).not.toContain('no-rm');
    harness.expectStateMatchesEvents();
  });
});

describe("a hook's environment", () => {
  it("has the user's variables but no key Wave or its providers read, a configured model's included", async () => {
    const { log } = recorder();
    const secrets = {
      WAVE_API_KEY: 'wave-secret-1',
      ANTHROPIC_API_KEY: 'anthropic-secret-2',
      ANTHROPIC_AUTH_TOKEN: 'anthropic-token-3',
      OPENAI_API_KEY: 'openai-secret-4',
      MY_MODEL_KEY: 'configured-secret-5',
      OTHER_AUTH_TOKEN: 'other-token-6',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-7',
      AWS_SESSION_TOKEN: 'aws-session-8',
      AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key-9',
    };
    harness = await startHarness(
      'anthropic',
      { name: 'env', turns: [{ reply: [{ type: 'text', text: 'hello' }] }] },
      {
        env: { PATH: process.env['PATH'], KEEP_ME: 'kept', ...secrets },
        settings: {
          models: { mine: { provider: 'openai', model: 'm', apiKeyEnv: 'MY_MODEL_KEY' } },
        },
        hooks: hooksFor({ SessionStart: `env > '${log}'` }),
      },
    );
    await expect
      .poll(() => existsSync(log) && readFileSync(log, 'utf8').includes('KEEP_ME'))
      .toBe(true);
    const env = readFileSync(log, 'utf8');
    expect(env).toContain('KEEP_ME=kept');
    expect(env).toContain('WAVE_PROJECT_DIR=');
    for (const secret of Object.values(secrets)) expect(env).not.toContain(secret);
  });
});
