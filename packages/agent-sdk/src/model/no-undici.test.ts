// A model call loads nothing of Node's fetch implementation (undici, ~20 ms of CPU when first
// touched): httpFetch answers with its own Response (http-response.ts) and the patched
// provider-utils makes the request's headers without the global Headers. Checked in a fresh
// process (a test runner may have loaded undici itself), with Node's list of loaded modules.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeHeaders, withUserAgentSuffix } from '@ai-sdk/provider-utils';
import { start } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../test-support/agent-harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');

describe('a model call', () => {
  it.each(PROVIDERS)('over %s loads no undici', async (provider) => {
    const mock = await start({
      scenario: { name: 'no-undici', turns: [{ reply: [{ type: 'text', text: 'Hi there.' }] }] },
    });
    const home = mkdtempSync(join(tmpdir(), 'wave-no-undici-'));
    try {
      // Not spawnSync: the mock model answers from this process.
      const child = await promisify(execFile)(
        process.execPath,
        [
          '--conditions=@wave-agent/source',
          '--import',
          tsx,
          join(here, '../test-support/fetchless-child.ts'),
        ],
        {
          env: {
            ...process.env,
            PROVIDER: provider,
            MOCK_URL: mock.url,
            WAVE_HOME: home,
            WORKDIR: home,
          },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(child.stderr).toBe('');
      const report = JSON.parse(child.stdout) as { text: string; loaded: string[] };
      expect(report.text).toBe('Hi there.');
      expect(report.loaded).toEqual([]);
    } finally {
      await mock.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** provider-utils' withUserAgentSuffix as published: through Headers. */
function throughHeaders(headers: Record<string, string | undefined>, ...parts: string[]) {
  const normalized = new Headers(normalizeHeaders(headers));
  normalized.set(
    'user-agent',
    [normalized.get('user-agent') ?? '', ...parts].filter(Boolean).join(' '),
  );
  return Object.fromEntries(normalized.entries());
}

describe('withUserAgentSuffix (patched: no Headers)', () => {
  it('gives the object the Headers-based one gave: lower-case names, trimmed values, sorted', () => {
    const cases: Record<string, string | undefined>[] = [
      {},
      { 'Content-Type': 'application/json', Authorization: ' Bearer key ', 'x-B': 'b' },
      { 'User-Agent': 'wave/1.0', 'anthropic-version': '2023-06-01', skipped: undefined },
      { 'user-agent': '  ', Accept: 'text/event-stream\t' },
    ];
    for (const headers of cases) {
      expect(JSON.stringify(withUserAgentSuffix(headers, 'ai-sdk/x', 'runtime/y'))).toBe(
        JSON.stringify(throughHeaders(headers, 'ai-sdk/x', 'runtime/y')),
      );
    }
    expect(normalizeHeaders(new Headers([['X-One', '1']]))).toEqual({ 'x-one': '1' });
  });
});
