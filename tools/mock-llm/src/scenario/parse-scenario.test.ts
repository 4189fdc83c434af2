import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenariosDir } from '../test-support/example-scenarios.js';
import { loadScenarioFile } from './load-scenario-file.js';
import { parseScenario, ScenarioError } from './parse-scenario.js';

function problemsOf(value: unknown): readonly string[] {
  try {
    parseScenario(value, 'test.json');
  } catch (error) {
    if (error instanceof ScenarioError) return error.problems;
    throw error;
  }
  throw new Error('expected the scenario to be rejected');
}

describe('parseScenario', () => {
  it('accepts a full scenario and keeps every field', () => {
    const scenario = {
      name: 'full',
      description: 'all fields',
      chunkSize: 3,
      delayMs: 1,
      turns: [
        {
          label: 'first',
          match: { turnIndex: 0, lastUserContains: 'hi', lastToolResultContains: 'ok' },
          chunkSize: 2,
          delayMs: 0,
          faults: [
            {
              kind: 'http',
              status: 429,
              retryAfterSeconds: 1,
              retryAfterMs: 5,
              message: 'slow down',
              errorType: 'rate_limit_error',
            },
            { kind: 'reset', afterChunks: 2 },
            { kind: 'stall', stallMs: 100, afterChunks: 1, then: 'end' },
            { kind: 'malformed', afterChunks: 1, line: 'data: {' },
            {
              kind: 'stream-error',
              afterChunks: 0,
              errorType: 'overloaded_error',
              message: 'busy',
            },
            { kind: 'stream-error', line: 'data: {"error":{"message":"recorded"}}' },
            { kind: 'split-utf8', pauseMs: 10 },
            { kind: 'hold', afterChunks: 4 },
          ],
          reply: [
            { type: 'reasoning', text: 'think', signature: 'sig' },
            { type: 'text', repeat: { pattern: 'ab', count: 3 } },
            { type: 'text', numberedWords: { count: 3, prefix: 'x', start: 5 } },
            { type: 'tool_call', id: 't1', name: 'read', input: { path: 'a' } },
          ],
          usage: { inputTokens: 1, outputTokens: 2 },
          stopReason: 'tool_use',
        },
      ],
    };
    expect(parseScenario(scenario)).toEqual(scenario);
  });

  it('names each bad field with its path', () => {
    const problems = problemsOf({
      name: 'bad',
      chunkSize: 0,
      turns: [
        {
          reply: [
            { type: 'txt', text: 'x' },
            { type: 'text' },
            { type: 'tool_call', name: 'read', input: 'path' },
          ],
          faults: [{ kind: 'http', status: 200 }, { kind: 'explode' }, { kind: 'hold' }],
          match: { lastUserContain: 'typo' },
          stopReason: 'done',
        },
      ],
    });
    expect(problems).toEqual([
      'chunkSize must be an integer >= 1, got number 0',
      'turns[0].match.lastUserContain is not a known field (known: turnIndex, lastUserContains, lastToolResultContains)',
      'turns[0].faults[0].status must be an integer from 400 to 599, got number 200',
      'turns[0].faults[1].kind must be one of "http", "reset", "stall", "malformed", "stream-error", "split-utf8", "hold", got the string "explode"',
      'turns[0].faults[2].afterChunks must be an integer >= 0, got undefined',
      'turns[0].reply[0].type must be "text", "reasoning" or "tool_call", got the string "txt"',
      'turns[0].reply[1] needs exactly one of text, repeat, numberedWords (got none)',
      'turns[0].reply[2].input must be an object (the tool\'s arguments), got the string "path"',
      'turns[0].stopReason must be one of end_turn, tool_use, max_tokens, stop_sequence, refusal, got the string "done"',
    ]);
  });

  it('rejects a scenario without turns or name, and says so in the message', () => {
    expect(() => parseScenario({ turns: [] }, 'empty.json')).toThrow(
      'invalid scenario empty.json: name must be a string, got undefined; turns must hold at least one turn',
    );
    expect(problemsOf([])).toEqual(['the scenario must be an object, got an array']);
  });

  it('loads every example scenario shipped with the package', async () => {
    const files = readdirSync(scenariosDir).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const scenario = await loadScenarioFile(`${scenariosDir}${file}`);
      expect(scenario.turns.length).toBeGreaterThan(0);
    }
  });

  it('reports an unreadable file and invalid JSON as scenario errors', async () => {
    await expect(loadScenarioFile('/nonexistent/scenario.json')).rejects.toThrow(
      /invalid scenario \/nonexistent\/scenario\.json: cannot be read/,
    );
    await expect(loadScenarioFile(new URL(import.meta.url).pathname)).rejects.toThrow(
      /is not valid JSON/,
    );
  });
});
