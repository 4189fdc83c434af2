// Print mode end to end: the real wave (dev launcher) as a child process against mock-llm,
// in both wire formats.
import { AGENT_EVENT_TYPES } from '@wave-agent/shared-protocol';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDERS, lastUserText, providerEnv, startMock } from './mock-model.js';
import { KEYS, PtyTerminal } from './terminal.js';
import { NODE_ARGS, cleanEnv, closedPort, runWave, tempDir } from './wave-process.js';

/** One line of stream-json output. */
type WireRecord = { type: string; chunk?: string } & Record<string, unknown>;

const ANSWER = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet.';
const REASONING = 'The user wants the phonetic alphabet.';

let home: ReturnType<typeof tempDir>;
let work: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;
let terminal: PtyTerminal | undefined;

beforeEach(() => {
  home = tempDir('home');
  work = tempDir('work');
});

afterEach(async () => {
  await terminal?.dispose();
  terminal = undefined;
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

/** `wave` with stdout on a real terminal (a pseudo-terminal read through xterm), not a pipe. */
function printInTerminal(args: string[], env: Record<string, string>): PtyTerminal {
  return new PtyTerminal({
    file: process.execPath,
    args: [...NODE_ARGS, ...args],
    cwd: work.path,
    env: cleanEnv({ TERM: 'xterm-256color', WAVE_HOME: home.path, ...env }),
  });
}

describe.each(PROVIDERS)('print mode with the %s wire format', (provider) => {
  async function serve(scenario: Scenario): Promise<Record<string, string>> {
    mock = await startMock(scenario);
    return providerEnv(provider, mock.url);
  }

  it('in a terminal, writes each text chunk the moment it arrives', async () => {
    // The reply holds after a few chunks: the first words must be on the screen while the last
    // are unsent.
    const env = await serve({
      name: 'slow',
      chunkSize: 6,
      turns: [
        { faults: [{ kind: 'hold', afterChunks: 4 }], reply: [{ type: 'text', text: ANSWER }] },
      ],
    });
    terminal = printInTerminal(['-p', 'spell it'], env);
    const early = await terminal.waitFor('alpha', 10_000, 'the first words');
    expect(early).not.toContain('juliet');
    mock!.release();
    expect((await terminal.exited()).exitCode).toBe(0);
    expect(terminal.text()).toBe(ANSWER);
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

  it('piped, prints a reply that was cut off and retried exactly once', async () => {
    const env = await serve({
      name: 'reset',
      chunkSize: 4,
      turns: [
        { faults: [{ kind: 'reset', afterChunks: 6 }], reply: [{ type: 'text', text: ANSWER }] },
      ],
    });
    const run = await runWave(['-p', 'spell it'], options(env));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${ANSWER}\n`);
    expect(run.stderr).toMatch(/^wave: warning: The model stream broke.*Retrying in/m);
    expect(mock!.requests).toHaveLength(2);
  });

  it('in a terminal, shows where a reply was cut off, then the retry on a line of its own', async () => {
    const env = await serve({
      name: 'reset',
      chunkSize: 4,
      turns: [
        { faults: [{ kind: 'reset', afterChunks: 6 }], reply: [{ type: 'text', text: ANSWER }] },
      ],
    });
    terminal = printInTerminal(['-p', 'spell it'], env);
    expect((await terminal.exited()).exitCode).toBe(0);
    const lines = terminal.lines();
    const [partial] = lines;
    expect(partial!.length).toBeGreaterThan(0);
    expect(ANSWER.startsWith(partial!)).toBe(true);
    expect(lines).toContain(
      'wave: the reply above was cut off; the model is asked again and its new reply follows.',
    );
    expect(lines.at(-1)).toBe(ANSWER);
  });

  it('an error object the server sends inside the stream is retried, with its message on stderr', async () => {
    const message = 'The server had an error processing your request. Sorry about that!';
    const env = await serve({
      name: 'stream error',
      chunkSize: 4,
      turns: [
        {
          faults: [{ kind: 'stream-error', afterChunks: 5, errorType: 'server_error', message }],
          reply: [{ type: 'text', text: ANSWER }],
        },
      ],
    });
    const run = await runWave(['-p', 'spell it'], options(env));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${ANSWER}\n`);
    expect(run.stderr).toContain('Sorry about that');
    expect(run.stderr).not.toContain('[object Object]');
    expect(mock!.requests).toHaveLength(2);
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
    // The turn frames the conversation's events, as on the wire.
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['turnStarted', 'userMessageAdded']);
    expect(events.at(-1)).toMatchObject({ type: 'turnEnded', stopReason: 'end_turn' });
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

  it('in a terminal, keeps the partial answer, adds a newline and exits 130 on Ctrl+C', async () => {
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
    terminal = printInTerminal(['-p', 'spell it'], env);
    await terminal.waitFor('alpha', 10_000, 'the first words');
    terminal.write(KEYS.ctrlC);
    expect((await terminal.exited()).exitCode).toBe(130);
    const [shown, ...rest] = terminal.lines();
    // The terminal itself echoes the key as ^C where the cursor was.
    const partial = shown!.replace(/\^C$/, '');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(ANSWER.length);
    expect(ANSWER.startsWith(partial)).toBe(true);
    // The note starts on a line of its own.
    expect(rest.join('\n')).toContain('wave: interrupted; the output above is partial.');
  });

  it('denies a tool that needs permission, and runs it with --permission-mode bypassPermissions', async () => {
    const scenario: Scenario = {
      name: 'bash',
      turns: [
        {
          match: { turnIndex: 0, lastUserContains: 'run it' },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'expr wave-e2e-marker' } }],
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
    expect(denied.stderr).toMatch(/^✗ Bash\(expr wave-e2e-marker\): .+/m);

    mock!.setScenario(scenario);
    const allowed = await runWave(
      ['-p', 'run it', '--permission-mode', 'bypassPermissions'],
      options(env),
    );
    expect(allowed.stderr).toBe('→ Bash(expr wave-e2e-marker)\n');
    expect(allowed.stdout).toBe('it ran\n');
    expect(allowed.code).toBe(0);
  });
});

describe('print mode when the model stops early', () => {
  // What peers do: Gemini CLI warns about a cut-off reply and exits 0; Claude Code reports a
  // refusal as an error. Wave: a cut-off reply is still an answer (exit 0, a warning, stop_reason
  // "max_tokens"); a refusal is none (exit 1, is_error, stop_reason "refusal").
  const stopping = (stopReason: 'max_tokens' | 'refusal'): Scenario => ({
    name: stopReason,
    turns: [{ reply: [{ type: 'text', text: 'The answer begins' }], stopReason }],
  });

  it('text: a reply cut off at the output limit is printed, with a warning, and exits 0', async () => {
    mock = await startMock(stopping('max_tokens'));
    const run = await runWave(['-p', 'go'], options(providerEnv('openai', mock.url)));
    expect(run.stdout).toBe('The answer begins\n');
    expect(run.stderr).toMatch(/^wave: warning: The reply was cut off: .*\(max_tokens\)/m);
    expect(run.code).toBe(0);
  });

  it('text: a refusal is printed with a warning and exits 1', async () => {
    mock = await startMock(stopping('refusal'));
    const run = await runWave(['-p', 'go'], options(providerEnv('openai', mock.url)));
    expect(run.stdout).toBe('The answer begins\n');
    expect(run.stderr).toMatch(/^wave: warning: The model declined to answer/m);
    expect(run.code).toBe(1);
  });

  it('json: stop_reason says max_tokens, and it is not an error', async () => {
    mock = await startMock(stopping('max_tokens'));
    const run = await runWave(
      ['-p', 'go', '--output-format', 'json'],
      options(providerEnv('anthropic', mock.url)),
    );
    expect(JSON.parse(run.stdout)).toMatchObject({
      result: 'The answer begins',
      stop_reason: 'max_tokens',
      is_error: false,
    });
    expect(run.code).toBe(0);
  });

  it('stream-json: the result line says refusal and is_error, and it exits 1', async () => {
    mock = await startMock(stopping('refusal'));
    const run = await runWave(
      ['-p', 'go', '--output-format', 'stream-json'],
      options(providerEnv('anthropic', mock.url)),
    );
    const records = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as WireRecord);
    expect(records.find((record) => record.type === 'noticeAdded')).toMatchObject({
      level: 'warning',
      message: expect.stringMatching(/declined to answer/) as unknown,
    });
    expect(records.at(-1)).toMatchObject({
      type: 'result',
      stop_reason: 'refusal',
      is_error: true,
    });
    expect(run.code).toBe(1);
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
