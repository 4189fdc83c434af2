// Thinking with Claude in the real `wave` against tools/mock-llm serving streams recorded from
// Anthropic's API, cut at odd byte offsets: print mode streams the thinking once, in order,
// before the answer; --effort, MAX_THINKING_TOKENS, the settings (`effort`,
// `alwaysThinkingEnabled`, a model entry's `effort`) decide what the request asks for; in the
// terminal, Alt+T changes the effort shown in the status line and sent with the next call.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedAnthropicText, recordedFixturePath } from '@wave-agent/mock-llm';
import type { RecordedFixture, Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;

type Json = Record<string, unknown>;

function recorded(fixture: RecordedFixture, writeBytes: number): Scenario {
  const turn = { reply: [], recorded: { file: recordedFixturePath(fixture), writeBytes } };
  return { name: fixture, turns: [turn, { ...turn }, { ...turn }] };
}

async function print(
  fixture: RecordedFixture,
  args: readonly string[],
  env: Record<string, string> = {},
) {
  fx.mock = await startMock(recorded(fixture, 13));
  const run = await runWave(['-p', 'What is 25 × 37?', ...args], {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('anthropic', fx.mock.url),
      ...env,
    }),
  });
  expect(run.stderr).not.toMatch(/error/i);
  return { run, body: fx.mock.requests[0]?.body as Json };
}

function userSettings(settings: Json): void {
  writeFileSync(join(fx.home.path, 'settings.json'), JSON.stringify(settings));
}

describe('thinking with Claude in print mode', { timeout: RUN_MS }, () => {
  it('streams the recorded thinking once, in order, before the answer (stream-json)', async () => {
    const { run, body } = await print('anthropicBudget', [
      '--model',
      'claude-sonnet-4-5',
      '--output-format',
      'stream-json',
    ]);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    const reasoning = records.filter((record) => record['type'] === 'assistantReasoningUpdated');
    const text = records.filter((record) => record['type'] === 'assistantContentUpdated');
    expect(reasoning.map((record) => record['chunk']).join('')).toBe(
      recordedAnthropicText('anthropicBudget', 'thinking'),
    );
    expect(text.map((record) => record['chunk']).join('')).toBe(
      recordedAnthropicText('anthropicBudget', 'text'),
    );
    expect(records.indexOf(reasoning.at(-1)!)).toBeLessThan(records.indexOf(text[0]!));
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 31999 });
    expect(body['max_tokens']).toBe(32000);
  });

  it('asks an adaptive model for its effort; --effort sets it', async () => {
    const { run, body } = await print('anthropicAdaptive', [
      '--model',
      'claude-opus-4-6',
      '--effort',
      'medium',
    ]);
    expect(run.stdout).toContain(recordedAnthropicText('anthropicAdaptive', 'text'));
    expect(body['thinking']).toEqual({ type: 'adaptive' });
    expect(body['output_config']).toEqual({ effort: 'medium' });
  });

  it('MAX_THINKING_TOKENS sets the budget; 0 turns thinking off', async () => {
    const { body } = await print('anthropicBudget', ['--model', 'claude-sonnet-4-5'], {
      MAX_THINKING_TOKENS: '12000',
    });
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 12000 });
    await fx.mock?.close();
    const off = await print('anthropicBudget', ['--model', 'claude-sonnet-4-5'], {
      MAX_THINKING_TOKENS: '0',
    });
    expect(off.body['thinking']).toEqual({ type: 'disabled' });
  });

  it('reads alwaysThinkingEnabled: false and effort from the settings; --effort wins', async () => {
    userSettings({ alwaysThinkingEnabled: false });
    const off = await print('anthropicBudget', ['--model', 'claude-sonnet-4-5']);
    expect(off.body['thinking']).toEqual({ type: 'disabled' });
    await fx.mock?.close();
    userSettings({ effort: 'medium' });
    const medium = await print('anthropicBudget', ['--model', 'claude-sonnet-4-5']);
    expect(medium.body['thinking']).toEqual({ type: 'enabled', budget_tokens: 10000 });
    await fx.mock?.close();
    const flag = await print('anthropicBudget', [
      '--model',
      'claude-sonnet-4-5',
      '--effort',
      'low',
    ]);
    expect(flag.body['thinking']).toEqual({ type: 'enabled', budget_tokens: 4000 });
  });

  it("uses a configured model's own effort", async () => {
    fx.mock = await startMock(recorded('anthropicAdaptive', 13));
    userSettings({
      effort: 'low',
      models: {
        deep: {
          provider: 'anthropic',
          model: 'claude-sonnet-4-6',
          baseURL: fx.mock.url,
          apiKeyEnv: 'DEEP_KEY',
          effort: 'max',
        },
      },
      defaultModel: 'deep',
    });
    const run = await runWave(['-p', 'go'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, WAVE_MAX_RETRIES: '0', DEEP_KEY: 'k' }),
    });
    expect(run.stderr).toBe('');
    expect((fx.mock.requests[0]?.body as Json)['output_config']).toEqual({ effort: 'max' });
  });
});

describe('the effort in the terminal', { timeout: RUN_MS }, () => {
  it('Alt+T moves the effort on: the status line shows it and the next call asks for it', async () => {
    fx.mock = await startMock(recorded('anthropicBudget', 61));
    const wave = await startWaveTerminal({
      env: providerEnv('anthropic', fx.mock.url),
      args: ['--model', 'claude-sonnet-4-5'],
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = wave;
    await wave.waitFor('effort high', 10_000, 'the effort in the status line');
    wave.write('\u001bt');
    await wave.waitFor('effort max', 10_000, 'the effort after Alt+T');
    await wave.submit('What is 25 × 37?');
    await waitForTurnEnd(wave, (all) => all.includes('925'));
    expect((fx.mock.requests[0]?.body as Json)['thinking']).toEqual({
      type: 'enabled',
      budget_tokens: 63999,
    });
    expect((fx.mock.requests[0]?.body as Json)['max_tokens']).toBe(64000);
    await wave.submit('/effort off');
    await wave.waitFor('thinking off', 10_000, 'the effort after /effort off');
  });
});
