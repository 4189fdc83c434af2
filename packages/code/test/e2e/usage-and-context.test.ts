// What a session costs and what fills its context, end to end: the real `wave -p` prints
// total_cost_usd (list price, a configured model's own pricing, null when unknown) in json and
// stream-json; in a real pseudo-terminal /usage (and /cost) says tokens and cost per model, and
// /context shows the last request's parts, adding up to the input tokens the provider reported.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { cleanEnv, runWave } from './wave-process.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;

/** One answer that costs what the test says. */
function costing(inputTokens: number, outputTokens: number): Scenario {
  return {
    name: 'costing',
    turns: [
      { reply: [{ type: 'text', text: 'Done here.' }], usage: { inputTokens, outputTokens } },
    ],
  };
}

async function print(format: 'json' | 'stream-json', model: string, extra: string[] = []) {
  fx.mock = await startMock(costing(1000, 500));
  const env = { ...providerEnv('anthropic', fx.mock.url), WAVE_MODEL: model };
  const run = await runWave(['-p', 'go', '--output-format', format, ...extra], {
    cwd: fx.work.path,
    env: cleanEnv({ WAVE_HOME: fx.home.path, ...env }),
  });
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.trimEnd().split('\n');
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the cost in print mode', { timeout: RUN_MS }, () => {
  it("json: total_cost_usd at the list price, and usage in Claude Code's names too", async () => {
    const [result] = await print('json', 'claude-sonnet-4-5-20250929');
    // 1000 input at $3 and 500 output at $15 per million.
    expect(result!['total_cost_usd']).toBeCloseTo(0.0105, 10);
    expect(result!['usage']).toMatchObject({
      inputTokens: 1000,
      outputTokens: 500,
      input_tokens: 1000,
      output_tokens: 500,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it('stream-json: the result carries it, and each finished call names its model', async () => {
    const records = await print('stream-json', 'claude-haiku-4-5');
    const finished = records.find((record) => record['type'] === 'assistantMessageFinished');
    expect(finished).toMatchObject({ model: 'claude-haiku-4-5' });
    expect(records.at(-1)).toMatchObject({ type: 'result' });
    // 1000 at $1 and 500 at $5 per million.
    expect(records.at(-1)!['total_cost_usd']).toBeCloseTo(0.0035, 10);
  });

  it('a model without a known price: null, not a guess; its configured pricing: that price', async () => {
    const [unknown] = await print('json', 'my-local-llm');
    expect(unknown!['total_cost_usd']).toBeNull();
    await fx.mock!.close();

    fx.mock = await startMock(costing(1000, 500));
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({
        models: {
          local: {
            provider: 'anthropic',
            model: 'my-local-llm',
            baseURL: fx.mock.url,
            apiKeyEnv: 'LOCAL_KEY',
            pricing: { input: 2, output: 4 },
          },
        },
      }),
    );
    const run = await runWave(['-p', 'go', '--output-format', 'json', '--model', 'local'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, LOCAL_KEY: 'k' }),
    });
    expect(run.code, run.stderr).toBe(0);
    // 1000 at $2 and 500 at $4 per million.
    expect(JSON.parse(run.stdout)['total_cost_usd']).toBeCloseTo(0.004, 10);
  });
});

describe('/usage and /context in the terminal', { timeout: RUN_MS }, () => {
  it('after a turn: tokens and cost per model, and the parts of the request adding up', async () => {
    writeFileSync(join(fx.work.path, 'CLAUDE.md'), 'Always answer in English.\n'.repeat(40));
    fx.mock = await startMock(costing(12_000, 567));
    const terminal = await startWaveTerminal({
      env: { ...providerEnv('anthropic', fx.mock.url), WAVE_MODEL: 'claude-sonnet-4-5' },
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 120,
      rows: 40,
    });
    fx.terminal = terminal;
    terminal.write('hello');
    terminal.write(KEYS.enter);
    await waitForTurnEnd(terminal, (all) => all.includes('Done here.'));

    terminal.write('/usage');
    terminal.write(KEYS.enter);
    // 12000 × $3 + 567 × $15 per million = $0.044505.
    await terminal.waitFor(
      'claude-sonnet-4-5: 12k input, 567 output, 0 cache read, 0 cache write ($0.0445)',
      10_000,
      'the usage per model',
    );
    terminal.write('/cost');
    terminal.write(KEYS.enter);
    await terminal.waitFor(
      (all) => all.split('Total cost: $0.0445').length === 3,
      10_000,
      '/cost saying the same',
    );

    terminal.write('/context');
    terminal.write(KEYS.enter);
    const shown = await terminal.waitFor(/Sent in all\s+12,000/, 10_000, 'the context table');
    const table = shown.slice(shown.lastIndexOf('Context of the last request'));
    expect(table).toContain('12,000 of 200,000 tokens');
    const labels = [
      'System prompt',
      'Tools',
      'MCP tools',
      'Agents list',
      'Memory files',
      'Skills list',
      'Messages',
    ];
    const counts = labels.map((label) => {
      const match = new RegExp(`${label}\\s+([\\d,]+)`).exec(table);
      expect(match, label).not.toBeNull();
      return Number(match![1]!.replaceAll(',', ''));
    });
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12_000);
    // The CLAUDE.md it read is counted as memory, the conversation as messages.
    expect(counts[4]).toBeGreaterThan(0);
    expect(counts[6]).toBeGreaterThan(0);
    expect(table).toMatch(/Free space\s+188,000/);
  });
});
