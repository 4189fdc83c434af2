// Gemini in the real `wave` against tools/mock-llm's Gemini wire: print mode streams the thoughts
// once, in order, around a tool call and sends the call's thought signature back with the key
// from GEMINI_API_KEY; a configured model entry takes its key from its own variable and its
// thinking from the effort; in the terminal the thinking shows once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;
const SIGNATURE = 'c2lnbmF0dXJlIG9mIHRoZSBSZWFkIGNhbGw=';

type Json = Record<string, unknown>;

function readNotes(notes: string): Scenario {
  return {
    name: 'gemini reads the notes',
    chunkSize: 4,
    turns: [
      {
        match: { turnIndex: 0 },
        reply: [
          { type: 'reasoning', text: 'The notes will say — let me look.', signature: SIGNATURE },
          { type: 'tool_call', name: 'Read', input: { file_path: notes } },
        ],
      },
      {
        match: { turnIndex: 1 },
        reply: [
          { type: 'reasoning', text: 'They hold the number.' },
          { type: 'text', text: 'The notes say 42.' },
        ],
      },
    ],
  };
}

function notesFile(): string {
  const notes = join(fx.work.path, 'notes.txt');
  writeFileSync(notes, 'The answer is 42.\n');
  return notes;
}

describe('Gemini in print mode', { timeout: RUN_MS }, () => {
  it('streams thoughts once, in order, around the call and sends its thought signature back', async () => {
    const notes = notesFile();
    fx.mock = await startMock(readNotes(notes));
    const run = await runWave(
      [
        '-p',
        'What do the notes say?',
        '--model',
        'gemini-3-pro-preview',
        '--output-format',
        'stream-json',
      ],
      {
        cwd: fx.work.path,
        env: cleanEnv({
          WAVE_HOME: fx.home.path,
          WAVE_MAX_RETRIES: '0',
          WAVE_PROVIDER: 'google',
          WAVE_BASE_URL: `${fx.mock.url}/v1beta`,
          GEMINI_API_KEY: 'gemini-key',
        }),
      },
    );
    expect(run.stderr).toBe('');
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    const kinds = records
      .filter((record) =>
        ['assistantReasoningUpdated', 'assistantContentUpdated', 'toolBlockUpdated'].includes(
          String(record['type']),
        ),
      )
      .map((record) => String(record['type']));
    // Thinking, the call, thinking again, the answer: each once, in that order.
    const runs = kinds.filter((kind, index) => kind !== kinds[index - 1]);
    expect(runs).toEqual([
      'assistantReasoningUpdated',
      'toolBlockUpdated',
      'assistantReasoningUpdated',
      'assistantContentUpdated',
    ]);
    const thinking = records
      .filter((record) => record['type'] === 'assistantReasoningUpdated')
      .map((record) => record['chunk'])
      .join('');
    expect(thinking).toBe('The notes will say — let me look.They hold the number.');
    expect(fx.mock.requests).toHaveLength(2);
    expect(fx.mock.requests[0]?.headers['x-goog-api-key']).toBe('gemini-key');
    const contents = (fx.mock.requests[1]?.body as Json)['contents'] as Json[];
    const modelParts = contents.find((content) => content['role'] === 'model')!['parts'] as Json[];
    expect(modelParts.find((part) => 'functionCall' in part)).toMatchObject({
      functionCall: { name: 'Read' },
      thoughtSignature: SIGNATURE,
    });
  });

  it("a configured model entry takes its key from its own variable and thinks at the session's effort", async () => {
    fx.mock = await startMock({
      name: 'one answer',
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Quick.' },
            { type: 'text', text: 'Done.' },
          ],
        },
      ],
    });
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({
        models: {
          flash: {
            provider: 'google',
            model: 'gemini-2.5-flash',
            baseURL: `${fx.mock.url}/v1beta`,
            apiKeyEnv: 'MY_GEMINI_KEY',
          },
        },
        defaultModel: 'flash',
      }),
    );
    const run = await runWave(['-p', 'go', '--effort', 'low'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, WAVE_MAX_RETRIES: '0', MY_GEMINI_KEY: 'entry-key' }),
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Done.');
    const request = fx.mock.requests[0]!;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(request.headers['x-goog-api-key']).toBe('entry-key');
    expect(((request.body as Json)['generationConfig'] as Json)['thinkingConfig']).toEqual({
      thinkingBudget: 1024,
      includeThoughts: true,
    });
  });
});

describe('Gemini in the terminal', { timeout: RUN_MS }, () => {
  it('shows each stretch of thinking once, then the answer', async () => {
    const notes = notesFile();
    fx.mock = await startMock(readNotes(notes));
    const wave = await startWaveTerminal({
      env: {
        WAVE_PROVIDER: 'google',
        WAVE_BASE_URL: `${fx.mock.url}/v1beta`,
        GEMINI_API_KEY: 'gemini-key',
      },
      args: ['--model', 'gemini-3-pro-preview'],
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = wave;
    await wave.submit('What do the notes say?');
    const all = await waitForTurnEnd(wave, (text) => text.includes('The notes say 42.'));
    const count = (needle: string) => all.split(needle).length - 1;
    expect(count('Thought for')).toBe(2);
    expect(count('The notes say 42.')).toBe(1);
    expect(fx.mock.requests).toHaveLength(2);
  });
});
