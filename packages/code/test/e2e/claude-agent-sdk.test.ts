// Apps written with the Claude Agent SDK (@anthropic-ai/claude-agent-sdk, the real package from
// npm) run on Wave through `pathToClaudeCodeExecutable: bin/wave-claude`, against tools/mock-llm
// on Anthropic's wire: a prompt and its result, partial messages, the app's permission callback,
// an interrupt and an abort that leave no process behind.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { query } from '@anthropic-ai/claude-agent-sdk';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { sleepersWith, waitUntil } from '@wave-agent/mock-llm/processes';
import { afterEach, describe, expect, it } from 'vitest';
import { lastUserText } from './mock-model.js';
import { assistantTexts, collect, processesIn, resultOf, useSdkApp } from './wave-claude-kit.js';

const { fx, waveClaude, serve, onWave } = useSdkApp();
/** The sleep commands a test started; any left after it (a failure) are killed. */
const markers: string[] = [];

afterEach(() => {
  for (const marker of markers.splice(0))
    for (const pid of sleepersWith(marker)) process.kill(pid, 'SIGKILL');
});

/** A number of seconds for sleep that no other test's command has. */
function sleepMarker(): string {
  const marker = `${2000 + Math.floor(Math.random() * 5000)}.${process.pid}`;
  markers.push(marker);
  return marker;
}

/** A model that runs `sleep MARKER` (a number of seconds), then says so. */
function longCommand(marker: string): Scenario {
  return {
    name: 'long-command',
    turns: [
      {
        match: { turnIndex: 0 },
        reply: [{ type: 'tool_call', name: 'Bash', input: { command: `sleep ${marker}` } }],
      },
      { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Slept.' }] },
    ],
  };
}

const ANSWER = 'Wave answers through the Claude Agent SDK, all of it.';

describe('a Claude Agent SDK app on wave-claude', () => {
  it('gets the init message, the answer and a result with the session, usage and cost', async () => {
    await serve({ name: 'answer', turns: [{ reply: [{ type: 'text', text: ANSWER }] }] });
    const messages = await collect(query({ prompt: 'Say it.', options: onWave() }));
    const [init] = messages;
    expect(init?.type === 'system' && init.subtype === 'init').toBe(true);
    const sessionId = init?.session_id;
    expect(sessionId).toMatch(/[0-9a-f-]{36}/);
    expect(assistantTexts(messages)).toEqual([ANSWER]);
    const result = resultOf(messages);
    expect(result).toMatchObject({
      subtype: 'success',
      is_error: false,
      result: ANSWER,
      num_turns: 1,
      session_id: sessionId,
    });
    expect(result.usage.output_tokens).toBeGreaterThan(0);
    expect(typeof result.total_cost_usd).toBe('number');
    expect(lastUserText(fx.mock?.requests.at(-1)?.body)).toBe('Say it.');
  });

  it('streams partial messages whose text deltas add up to exactly the answer', async () => {
    await serve({
      name: 'partial',
      turns: [{ chunkSize: 3, reply: [{ type: 'text', text: ANSWER }] }],
    });
    const messages = await collect(
      query({ prompt: 'Say it.', options: onWave({ includePartialMessages: true }) }),
    );
    const deltas = messages.flatMap((message) =>
      message.type === 'stream_event' &&
      message.event.type === 'content_block_delta' &&
      message.event.delta.type === 'text_delta'
        ? [message.event.delta.text]
        : [],
    );
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(ANSWER);
    const kinds = messages.flatMap((message) =>
      message.type === 'stream_event' ? [message.event.type] : [],
    );
    expect(kinds[0]).toBe('message_start');
    expect(kinds.at(-1)).toBe('message_stop');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: ANSWER });
  });

  it("asks the app's canUseTool: the denied command does not run, the allowed one does", async () => {
    await serve({
      name: 'two-commands',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'touch allowed.txt' } }],
        },
        {
          match: { turnIndex: 1 },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'touch denied.txt' } }],
        },
        { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const asked: string[] = [];
    const messages = await collect(
      query({
        prompt: 'Make the files.',
        options: onWave({
          canUseTool: (toolName, input) => {
            const command = String(input['command']);
            asked.push(`${toolName}: ${command}`);
            return Promise.resolve(
              command.includes('denied')
                ? { behavior: 'deny', message: 'Not that one.' }
                : { behavior: 'allow', updatedInput: input },
            );
          },
        }),
      }),
    );
    expect(asked).toEqual(['Bash: touch allowed.txt', 'Bash: touch denied.txt']);
    expect(existsSync(join(fx.work.path, 'allowed.txt'))).toBe(true);
    expect(existsSync(join(fx.work.path, 'denied.txt'))).toBe(false);
    const toolResults = messages.flatMap((message) =>
      message.type === 'user' && Array.isArray(message.message.content)
        ? message.message.content.flatMap((block) => (block.type === 'tool_result' ? [block] : []))
        : [],
    );
    expect(toolResults.map((block) => block.is_error)).toEqual([false, true]);
    expect(JSON.stringify(toolResults[1])).toContain('Not that one.');
    const result = resultOf(messages);
    expect(result.subtype).toBe('success');
    expect(result.permission_denials.map((denial) => denial.tool_input)).toEqual([
      { command: 'touch denied.txt' },
    ]);
  });

  it('ends the turn on interrupt() with error_during_execution and leaves no process behind', async () => {
    const marker = sleepMarker();
    await serve(longCommand(marker));
    const app = query({
      prompt: 'Wait a while.',
      options: onWave({
        canUseTool: (_toolName, input) =>
          Promise.resolve({ behavior: 'allow', updatedInput: input }),
      }),
    });
    const seen: SDKMessage[] = [];
    const reading = (async () => {
      for await (const message of app) {
        seen.push(message);
        if (message.type === 'result') break;
      }
    })();
    expect(await waitUntil(() => sleepersWith(marker).length > 0, 30_000)).toBe(true);
    await app.interrupt();
    await reading;
    const result = resultOf(seen);
    expect(result.subtype).toBe('error_during_execution');
    expect(result.is_error).toBe(true);
    expect(await waitUntil(() => sleepersWith(marker).length === 0, 10_000)).toBe(true);
    expect(await waitUntil(() => processesIn(waveClaude.packageDir).length === 0, 15_000)).toBe(
      true,
    );
  });

  it("ends on the app's abort (stdin closed, then SIGTERM) and leaves no process behind", async () => {
    const marker = sleepMarker();
    await serve(longCommand(marker));
    const abortController = new AbortController();
    const app = query({
      prompt: 'Wait a while.',
      options: onWave({
        abortController,
        canUseTool: (_toolName, input) =>
          Promise.resolve({ behavior: 'allow', updatedInput: input }),
      }),
    });
    const reading = collect(app).catch((error: unknown) => error);
    expect(await waitUntil(() => sleepersWith(marker).length > 0, 30_000)).toBe(true);
    abortController.abort();
    await reading;
    // The SDK sends SIGTERM 2 s after closing stdin, SIGKILL 5 s later: wave-claude must be gone
    // with its command before the SIGKILL could have done it.
    expect(await waitUntil(() => processesIn(waveClaude.packageDir).length === 0, 6_500)).toBe(
      true,
    );
    expect(sleepersWith(marker)).toEqual([]);
  });
});
