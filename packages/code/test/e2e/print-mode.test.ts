// Print mode end to end: the real wave (dev launcher) as a child process against mock-llm,
// in both wire formats.
import { AGENT_EVENT_TYPES } from '@wave-agent/shared-protocol';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDERS, lastUserText, providerEnv, startMock } from './mock-model.js';
import { cleanEnv, closedPort, runWave, spawnWave, tempDir } from './wave-process.js';

/** One line of stream-json output. */
type WireRecord = { type: string; chunk?: string } & Record<string, unknown>;

const ANSWER = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet.';
const REASONING = 'The user wants the phonetic alphabet.';

let home: ReturnType<typeof tempDir>;
let work: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('home');
  work = tempDir('work');
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  work.remove();
});

function options(env: Record<string, string>, stdin?: string) {
  return {
    cwd: work.path,
    env: cleanEnv({ WAVE_HOME: home.path, ...env }),
    ...(stdin !== undefined ? { stdin } : {}),
  };
}

describe.each(PROVIDERS)('print mode with the %s wire format', (provider) => {
  async function serve(scenario: Scenario): Promise<Record<string, string>> {
    mock = await startMock(scenario);
    return providerEnv(provider, mock.url);
  }

  it('writes each text chunk to stdout the moment it arrives', async () => {
    // A pause between chunks: the first words must be on stdout while the last are unsent.
    const env = await serve({
      name: 'slow',
      chunkSize: 6,
      delayMs: 120,
      turns: [{ reply: [{ type: 'text', text: ANSWER }] }],
    });
    const wave = spawnWave(['-p', 'spell it'], options(env));
    const early = await wave.waitForStdout((out) => out.includes('alpha'));
    expect(early).not.toContain('juliet');
    expect(await wave.exited()).toBe(0);
    expect(wave.stdout()).toBe(`${ANSWER}\n`);
  });

  it('prints a long reply exactly once, word for word', async () => {
    const env = await serve({
      name: 'long',
      chunkSize: 7,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 2000 } }] }],
    });
    const run = await runWave(['-p', 'count'], options(env));
    expect(run.code).toBe(0);
    const expected = Array.from({ length: 2000 }, (_, i) => `w${i + 1}`).join(' ');
    expect(run.stdout).toBe(`${expected}\n`);
  });

  it('says so on stderr when a reply is cut off and retried, and prints the retry on a new line', async () => {
    const env = await serve({
      name: 'reset',
      chunkSize: 4,
      turns: [
        { faults: [{ kind: 'reset', afterChunks: 6 }], reply: [{ type: 'text', text: ANSWER }] },
      ],
    });
    const run = await runWave(['-p', 'spell it'], options(env));
    expect(run.code).toBe(0);
    const [partial, retried, rest] = run.stdout.split('\n');
    expect(ANSWER.startsWith(partial!)).toBe(true);
    expect(partial!.length).toBeGreaterThan(0);
    expect(retried).toBe(ANSWER);
    expect(rest).toBe('');
    expect(run.stderr).toContain('wave: the reply above was cut off; the model is asked again');
  });

  it('prints one JSON result object with --output-format json', async () => {
    const env = await serve({
      name: 'json',
      turns: [
        { reply: [{ type: 'text', text: ANSWER }], usage: { inputTokens: 33, outputTokens: 11 } },
      ],
    });
    const run = await runWave(['-p', 'spell it', '--output-format', 'json'], options(env));
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]!);
    expect(result).toMatchObject({
      type: 'result',
      result: ANSWER,
      stop_reason: 'end_turn',
      is_error: false,
      usage: { inputTokens: 33, outputTokens: 11 },
    });
    expect(result.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('prints every event as a wire-format JSON line, then the result, with --output-format stream-json', async () => {
    const env = await serve({
      name: 'stream-json',
      chunkSize: 5,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: REASONING, signature: 'c2ln' },
            { type: 'text', text: ANSWER },
          ],
        },
      ],
    });
    const run = await runWave(['-p', 'spell it', '--output-format', 'stream-json'], options(env));
    expect(run.code).toBe(0);
    const records = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as WireRecord);
    const events = records.slice(0, -1);
    const wireNames: readonly string[] = AGENT_EVENT_TYPES;
    for (const event of events) expect(wireNames).toContain(event.type);
    expect(events[0]!.type).toBe('userMessageAdded');
    const text = events
      .filter((e) => e.type === 'assistantContentUpdated')
      .map((e) => e.chunk)
      .join('');
    const reasoning = events
      .filter((e) => e.type === 'assistantReasoningUpdated')
      .map((e) => e.chunk)
      .join('');
    expect(text).toBe(ANSWER);
    expect(reasoning).toBe(REASONING);
    // Deltas only: no chunk repeats what came before it.
    expect(
      events.filter((e) => e.type === 'assistantContentUpdated' && e.chunk !== '').length,
    ).toBeGreaterThan(5);
    expect(records.at(-1)).toMatchObject({
      type: 'result',
      result: ANSWER,
      stop_reason: 'end_turn',
      is_error: false,
    });
  });

  it('reads the prompt from stdin when -p has none', async () => {
    const env = await serve({
      name: 'stdin',
      turns: [
        {
          match: { lastUserContains: 'piped question' },
          reply: [{ type: 'text', text: 'piped answer' }],
        },
      ],
    });
    const run = await runWave(['-p'], options(env, 'a piped question\n'));
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('piped answer\n');
    expect(run.code).toBe(0);
    expect(lastUserText(mock!.requests[0]!.body)).toContain('a piped question');
  });

  it('keeps the partial answer, adds a newline and exits 130 on SIGINT', async () => {
    // The server sends a few chunks and then stalls, so the answer is provably unfinished.
    const env = await serve({
      name: 'stall',
      chunkSize: 4,
      turns: [
        {
          faults: [{ kind: 'stall', stallMs: 60_000, afterChunks: 5 }],
          reply: [{ type: 'text', text: ANSWER }],
        },
      ],
    });
    const wave = spawnWave(['-p', 'spell it'], options(env));
    const shown = await wave.waitForStdout((out) => out.length > 0);
    wave.child.kill('SIGINT');
    expect(await wave.exited()).toBe(130);
    expect(shown.length).toBeGreaterThan(0);
    const partial = wave.stdout();
    expect(partial.endsWith('\n')).toBe(true);
    expect(ANSWER.startsWith(partial.slice(0, -1))).toBe(true);
    expect(partial.length).toBeLessThan(ANSWER.length);
    expect(wave.stderr()).toContain('interrupted');
  });

  it('denies a tool that needs permission, and runs it with --permission-mode bypassPermissions', async () => {
    const scenario: Scenario = {
      name: 'bash',
      turns: [
        {
          match: { turnIndex: 0, lastUserContains: 'run it' },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo wave-e2e-marker' } }],
        },
        {
          match: { lastToolResultContains: 'wave-e2e-marker' },
          reply: [{ type: 'text', text: 'it ran' }],
        },
        {
          match: { lastToolResultContains: 'ermission' },
          reply: [{ type: 'text', text: 'it was denied' }],
        },
      ],
    };
    const env = await serve(scenario);
    const denied = await runWave(['-p', 'run it'], options(env));
    expect(denied.code).toBe(0);
    expect(denied.stdout).toBe('it was denied\n');
    expect(denied.stderr).toMatch(/^✗ Bash\(echo wave-e2e-marker\): .+/m);

    mock!.setScenario(scenario);
    const allowed = await runWave(
      ['-p', 'run it', '--permission-mode', 'bypassPermissions'],
      options(env),
    );
    expect(allowed.stderr).toBe('→ Bash(echo wave-e2e-marker)\n');
    expect(allowed.stdout).toBe('it ran\n');
    expect(allowed.code).toBe(0);
  });
});

describe('print mode failures', () => {
  it('exits 1 with the error on stderr when the model cannot be reached', async () => {
    const port = await closedPort();
    const env = {
      WAVE_PROVIDER: 'openai',
      WAVE_BASE_URL: `http://127.0.0.1:${port}/v1`,
      WAVE_MAX_RETRIES: '0',
    };
    const run = await runWave(['-p', 'hello'], options(env));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^wave: The model API could not be reached/m);
  });

  it('reports is_error and exits 1 in json format when the model fails', async () => {
    const port = await closedPort();
    const env = {
      WAVE_PROVIDER: 'anthropic',
      WAVE_BASE_URL: `http://127.0.0.1:${port}`,
      WAVE_API_KEY: 'k',
      WAVE_MAX_RETRIES: '0',
    };
    const run = await runWave(['-p', 'hello', '--output-format', 'json'], options(env));
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      type: 'result',
      is_error: true,
      stop_reason: 'error',
    });
    expect(run.stderr).toContain('could not be reached');
  });

  it('stops after --max-turns model calls and says so', async () => {
    mock = await startMock({
      name: 'loop',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: 'LS', input: { path: '.' } }],
        },
        { reply: [{ type: 'text', text: 'never reached' }] },
      ],
    });
    const run = await runWave(
      ['-p', 'look around', '--max-turns', '1', '--output-format', 'json'],
      options(providerEnv('openai', mock.url)),
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ stop_reason: 'max_turns', is_error: false });
    expect(run.stderr).toMatch(/^wave: Stopped after 1 model call /m);
    expect(mock.requests).toHaveLength(1);
  });

  it('asks for a prompt when -p gets none', async () => {
    const run = await runWave(['-p'], options({}, ''));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'wave: -p needs a prompt: wave -p "your question", or pipe one in: echo "your question" | wave -p. Run wave --help for the options.\n',
    );
  });
});
