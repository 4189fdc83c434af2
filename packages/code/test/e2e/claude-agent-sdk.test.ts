// Apps written with the Claude Agent SDK (@anthropic-ai/claude-agent-sdk, the real package from
// npm) run on Wave through `pathToClaudeCodeExecutable: bin/wave-claude`, against tools/mock-llm
// on Anthropic's wire. The bin is the published one: the package's bin/wave-claude beside a
// dist/bundle built for this file by the build's own script (scripts/bundle.mjs).
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { query } from '@anthropic-ai/claude-agent-sdk';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { sleepersWith, waitUntil } from '@wave-agent/mock-llm/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv } from './wave-process.js';

const bundleScript = fileURLToPath(new URL('../../scripts/bundle.mjs', import.meta.url));
const packageBin = fileURLToPath(new URL('../../bin/wave-claude', import.meta.url));
const run = promisify(execFile);
const fx = useE2eFixture();

/** A folder laid out as the published package: bin/wave-claude and dist/bundle/. */
let packageDir: string;
let waveClaude: string;

beforeAll(async () => {
  packageDir = mkdtempSync(join(tmpdir(), 'wave-e2e-claude-sdk-'));
  await run(process.execPath, [bundleScript, join(packageDir, 'dist', 'bundle')]);
  mkdirSync(join(packageDir, 'bin'));
  waveClaude = join(packageDir, 'bin', 'wave-claude');
  copyFileSync(packageBin, waveClaude);
  writeFileSync(
    join(packageDir, 'package.json'),
    JSON.stringify({ name: '@wave-agent/code', version: '0.0.0-test', type: 'module' }),
  );
}, 180_000);

afterAll(() => {
  if (packageDir) rmSync(packageDir, { recursive: true, force: true });
});

async function serve(scenario: Scenario): Promise<void> {
  fx.mock = await startMock(scenario);
}

/** The SDK's options for an app on Wave: one option names wave-claude; the model is mock-llm. */
function onWave(extra: Partial<Options> = {}): Options {
  return {
    pathToClaudeCodeExecutable: waveClaude,
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      WAVE_SANDBOX_DEFAULT: 'off',
      ...providerEnv('anthropic', fx.mock?.url ?? 'http://127.0.0.1:9'),
    }),
    ...extra,
  };
}

async function collect(messages: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const seen: SDKMessage[] = [];
  for await (const message of messages) seen.push(message);
  return seen;
}

function resultOf(messages: readonly SDKMessage[]) {
  const result = messages.find((message) => message.type === 'result');
  if (result?.type !== 'result') throw new Error(`no result in ${JSON.stringify(messages)}`);
  return result;
}

/** Processes whose command line names this folder (wave-claude runs from it). */
function processesIn(folder: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(folder);
      } catch {
        return false; // It ended while we looked.
      }
    })
    .map(Number);
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
    const texts = messages.flatMap((message) =>
      message.type === 'assistant'
        ? message.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []))
        : [],
    );
    expect(texts).toEqual([ANSWER]);
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
    expect(lastUserText(fx.mock?.requests.at(-1)?.body)).toContain('Say it.');
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
    const marker = `${process.pid}.${Date.now() % 100000}`;
    await serve({
      name: 'long-command',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: `sleep 30.${marker}` } }],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Slept.' }] },
      ],
    });
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
    expect(await waitUntil(() => processesIn(packageDir).length === 0, 15_000)).toBe(true);
  });
});

function lastUserText(body: unknown): string {
  return JSON.stringify((body as { messages?: unknown[] } | undefined)?.messages?.at(-1) ?? '');
}
