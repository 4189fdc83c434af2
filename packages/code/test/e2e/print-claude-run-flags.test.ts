// More of Claude Code's print-mode flags in the real `wave -p` against tools/mock-llm: the result
// record's Claude Code fields (subtype, num_turns, duration_api_ms), --settings and
// --setting-sources (which model the request names shows which settings were read), and
// --max-budget-usd (how many requests reached the model shows where the run stopped).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { calls } from './tool-call-scenario.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();
const SLOW = { timeout: 120_000 };

interface Result {
  readonly type: string;
  readonly subtype: string;
  readonly is_error: boolean;
  readonly num_turns: number;
  readonly duration_ms: number;
  readonly duration_api_ms: number;
  readonly session_id: string;
  readonly total_cost_usd: number | null;
  readonly error?: string;
}

function wave(args: readonly string[], env: Record<string, string> = {}) {
  return runWave(args, {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('openai', fx.mock?.url ?? 'http://127.0.0.1:9'),
      ...env,
    }),
  });
}

/** A model that answers every prompt saying "hi" with `text`. */
function answer(text: string): Scenario {
  return {
    name: 'answer',
    turns: [{ match: { lastUserContains: 'hi' }, reply: [{ type: 'text', text }] }],
  };
}

/** The model id request `index` named. */
function modelOf(index: number): unknown {
  return (fx.mock?.requests[index]?.body as { model?: unknown } | undefined)?.model;
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}

describe("wave -p's result carries Claude Code's fields", SLOW, () => {
  it('subtype, num_turns (model calls), duration_api_ms, session_id, is_error', async () => {
    writeFileSync(join(fx.work.path, 'notes.txt'), 'hello\n');
    fx.mock = await startMock(calls({ name: 'Read', input: { file_path: 'notes.txt' } }));
    const run = await wave(['-p', 'read notes', '--output-format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Result;
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      num_turns: 2,
      result: 'Done.',
    });
    expect(result.session_id).toMatch(/\S/);
    expect(result.duration_api_ms).toBeGreaterThanOrEqual(0);
    expect(result.duration_api_ms).toBeLessThanOrEqual(result.duration_ms);
  });

  it('stream-json ends with the same record; a failed turn is error_during_execution', async () => {
    fx.mock = await startMock({
      name: 'broken',
      turns: [{ faults: [{ kind: 'http', status: 500, message: 'boom' }], reply: [] }],
    });
    const run = await wave(['-p', 'hi', '--output-format', 'stream-json']);
    expect(run.code).toBe(1);
    const last = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as Result;
    expect(last).toMatchObject({
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
      num_turns: 0,
    });
  });
});

describe('--settings and --setting-sources, as in claude -p', SLOW, () => {
  it('--settings JSON is the strongest layer: its model wins over the project file', async () => {
    writeJson(join(fx.work.path, '.wave', 'settings.json'), { model: 'project-model' });
    fx.mock = await startMock(answer('ok'));
    const plain = await wave(['-p', 'hi']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(modelOf(0)).toBe('project-model');
    const layered = await wave(['-p', 'hi', '--settings', '{"model": "flag-model"}']);
    expect(layered.code, layered.stderr).toBe(0);
    expect(modelOf(1)).toBe('flag-model');
  });

  it('--settings FILE reads the file, its rules included; a bad one is one sentence, exit 2', async () => {
    writeFileSync(join(fx.work.path, 'secret.txt'), 'hidden\n');
    writeJson(join(fx.work.path, 'ci', 'settings.json'), {
      model: 'file-model',
      permissions: { deny: ['Read(./secret.txt)'] },
    });
    fx.mock = await startMock(calls({ name: 'Read', input: { file_path: 'secret.txt' } }));
    const run = await wave(['-p', 'read it', '--settings', 'ci/settings.json']);
    expect(run.code, run.stderr).toBe(0);
    expect(modelOf(0)).toBe('file-model');
    expect(JSON.stringify(fx.mock.requests[1]?.body)).not.toContain('hidden');

    const bad = await wave(['-p', 'hi', '--settings', '{"model": 3}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('--settings: --settings');
    expect(bad.stderr).toContain('"model"');
    const missing = await wave(['-p', 'hi', '--settings', 'nowhere.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--settings: cannot read nowhere.json');
    expect(fx.mock.requests).toHaveLength(2);
  });

  it('--setting-sources names the files read: user, project, local', async () => {
    writeJson(join(fx.home.path, 'settings.json'), { model: 'user-model' });
    writeJson(join(fx.work.path, '.wave', 'settings.json'), { model: 'project-model' });
    fx.mock = await startMock(answer('ok'));
    const runs = [
      [],
      ['--setting-sources', 'user'],
      ['--setting-sources', 'user,project'],
      ['--setting-sources', ''],
    ];
    for (const args of runs) {
      const run = await wave(['-p', 'hi', ...args]);
      expect(run.code, run.stderr).toBe(0);
    }
    expect([0, 1, 2].map(modelOf)).toEqual(['project-model', 'user-model', 'project-model']);
    expect(['user-model', 'project-model']).not.toContain(modelOf(3));

    const bad = await wave(['-p', 'hi', '--setting-sources', 'user,team']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"team" is not one');
  });
});

describe('--max-budget-usd, as in claude -p', SLOW, () => {
  /** Two runs of a tool call that costs $10 at gpt-5's list price ($10 per million output tokens). */
  function costly(): Scenario {
    const read = { type: 'tool_call' as const, name: 'Read', input: { file_path: 'notes.txt' } };
    const usage = { inputTokens: 10, outputTokens: 1_000_000 };
    return {
      name: 'costly',
      turns: [
        { match: { turnIndex: 0 }, reply: [read], usage },
        { match: { turnIndex: 1 }, reply: [read], usage },
        { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'Done.' }] },
        { match: { turnIndex: 3 }, reply: [read], usage },
      ],
    };
  }

  it('stops the run once the session has cost the amount: error_max_budget_usd, exit 1', async () => {
    writeFileSync(join(fx.work.path, 'notes.txt'), 'hello\n');
    fx.mock = await startMock(costly());
    const run = await wave(['-p', 'go', '--output-format', 'json', '--max-budget-usd', '5'], {
      WAVE_MODEL: 'gpt-5',
    });
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as Result;
    expect(result).toMatchObject({ subtype: 'error_max_budget_usd', is_error: true });
    expect(result.error).toContain('Reached maximum budget ($5)');
    expect(result.total_cost_usd).toBeGreaterThanOrEqual(10);
    // The call that crossed the line was the last one.
    expect(fx.mock.requests).toHaveLength(1);

    const enough = await wave(['-p', 'go', '--output-format', 'json', '--max-budget-usd', '50'], {
      WAVE_MODEL: 'gpt-5',
    });
    expect(enough.code, enough.stderr).toBe(0);
    expect(JSON.parse(enough.stdout)).toMatchObject({ subtype: 'success' });

    // In text, the sentence is on stderr.
    const text = await wave(['-p', 'go', '--max-budget-usd', '5'], { WAVE_MODEL: 'gpt-5' });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('wave: Reached maximum budget ($5)');
  });

  it('a model without a known price cannot be measured: said, nothing sent, exit 1', async () => {
    fx.mock = await startMock(answer('unused'));
    const run = await wave(['-p', 'hi', '--max-budget-usd', '1'], { WAVE_MODEL: 'mystery-model' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '--max-budget-usd 1 cannot be enforced: the price of mystery-model is unknown',
    );
    expect(fx.mock.requests).toHaveLength(0);
    const bad = await wave(['-p', 'go', '--max-budget-usd', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-budget-usd takes an amount of US dollars');
  });
});

describe('--json-schema, as in claude -p', SLOW, () => {
  const SCHEMA = '{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}';

  function systemPromptOf(index: number): string {
    const body = fx.mock?.requests[index]?.body as
      { messages?: { role: string; content?: unknown }[] } | undefined;
    return JSON.stringify(body?.messages?.find((message) => message.role === 'system')?.content);
  }

  it('the answer, read as JSON that matches, is structured_output; the model was told the schema', async () => {
    fx.mock = await startMock(answer('{"name": "Wave"}'));
    const run = await wave(['-p', 'hi', '--output-format', 'json', '--json-schema', SCHEMA]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      subtype: 'success',
      is_error: false,
      structured_output: { name: 'Wave' },
    });
    expect(systemPromptOf(0)).toContain('must be a single JSON value');
    expect(systemPromptOf(0)).toContain('\\"required\\":[\\"name\\"]');
  });

  it('an answer that does not match is said in the result, and the run fails', async () => {
    fx.mock = await startMock(answer('```json\n{"name": 3}\n```'));
    const run = await wave(['-p', 'hi', '--output-format', 'json', '--json-schema', SCHEMA]);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as Result & { structured_output?: unknown };
    expect(result).toMatchObject({
      subtype: 'error_max_structured_output_retries',
      is_error: true,
    });
    expect(result.error).toContain(
      '--json-schema: the final answer does not match the schema: at name',
    );
    expect(result.structured_output).toBeUndefined();

    const text = await wave(['-p', 'hi', '--json-schema', SCHEMA]);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('does not match the schema');

    const bad = await wave(['-p', 'hi', '--json-schema', '{not json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--json-schema takes a JSON Schema as JSON');
  });
});

describe('--fallback-model, as in claude -p', SLOW, () => {
  /** The first attempt finds the model overloaded (529); the next one answers. */
  const OVERLOADED: Scenario = {
    name: 'overloaded',
    turns: [
      {
        faults: [
          { kind: 'http', status: 529, errorType: 'overloaded_error', message: 'Overloaded' },
        ],
        reply: [{ type: 'text', text: 'Answered by the fallback.' }],
      },
    ],
  };

  it('an overloaded model hands the turn to the fallback model, with a notice', async () => {
    fx.mock = await startMock(OVERLOADED);
    const run = await wave([
      '-p',
      'hi',
      '--model',
      'main-model',
      '--fallback-model',
      'backup-model',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Answered by the fallback.');
    expect(run.stderr).toContain('The turn goes on with the fallback model backup-model.');
    expect([0, 1].map(modelOf)).toEqual(['main-model', 'backup-model']);
  });

  it('without it the turn fails; the fallback cannot be the model itself', async () => {
    fx.mock = await startMock(OVERLOADED);
    const run = await wave(['-p', 'hi', '--model', 'main-model']);
    expect(run.code).toBe(1);
    expect(fx.mock.requests).toHaveLength(1);
    const same = await wave(['-p', 'hi', '--model', 'm', '--fallback-model', 'm']);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('cannot be m itself');
  });
});

describe('--input-format, as in claude -p', SLOW, () => {
  const line = (text: string) =>
    JSON.stringify({ type: 'user', message: { role: 'user', content: text } });

  it('stream-json: user messages one per line are turns of one session, each with its result', async () => {
    fx.mock = await startMock({
      name: 'two-turns',
      turns: [
        { match: { lastUserContains: 'first' }, reply: [{ type: 'text', text: 'One.' }] },
        { match: { lastUserContains: 'second' }, reply: [{ type: 'text', text: 'Two.' }] },
      ],
    });
    const run = await runWave(
      ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      {
        cwd: fx.work.path,
        env: cleanEnv({
          WAVE_HOME: fx.home.path,
          WAVE_MAX_RETRIES: '0',
          ...providerEnv('openai', fx.mock.url),
        }),
        stdin: `${line('the first question')}\n${line('the second question')}\n`,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const results = run.stdout
      .split('\n')
      .filter((text) => text.trim() !== '')
      .map((text) => JSON.parse(text) as Result & { result?: string })
      .filter((message) => message.type === 'result');
    expect(results.map((result) => [result.subtype, result.result])).toEqual([
      ['success', 'One.'],
      ['success', 'Two.'],
    ]);
    expect(results[1]?.session_id).toBe(results[0]?.session_id);
    // The second turn goes on in the same conversation: the model is sent the first exchange.
    const second = JSON.stringify(fx.mock.requests[1]?.body);
    expect(second).toContain('the first question');
    expect(second).toContain('One.');
  });

  it('text is the default; stream-json without stream-json output is refused with a sentence', async () => {
    fx.mock = await startMock(answer('Plain.'));
    const text = await wave(['-p', 'hi', '--input-format', 'text']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe('Plain.\n');
    const lone = await wave(['-p', '--input-format', 'stream-json']);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain(
      'takes --output-format stream-json --input-format stream-json together',
    );
    const odd = await wave(['-p', 'hi', '--input-format=yaml']);
    expect(odd.code).toBe(2);
    expect(odd.stderr).toContain('--input-format takes text or stream-json, not "yaml"');
  });
});
