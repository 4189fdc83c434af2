import { afterEach, describe, expect, it } from 'vitest';
import type { MockLlm } from '../server/start-mock-llm.js';
import { scenariosDir } from '../test-support/example-scenarios.js';
import { runCli, type CliIo } from './run-cli.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function capture(overrides: Partial<CliIo> = {}): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      cwd: '/',
      invokedFrom: undefined,
      ...overrides,
    },
    out,
    err,
  };
}

describe('runCli', () => {
  it('serves the scenario, prints the URL and the env vars for both providers, and logs requests', async () => {
    const { io, out, err } = capture({ invokedFrom: scenariosDir });
    const outcome = await runCli(['--scenario', 'simple-text.json'], io);
    if (outcome.kind !== 'serving')
      throw new Error(`expected to serve, got ${JSON.stringify(outcome)}`);
    server = outcome.server;
    const { url } = server;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out).toContain(`mock-llm: scenario "simple-text" (1 turn) listening on ${url}`);
    expect(out).toContain(`  WAVE_PROVIDER=openai WAVE_BASE_URL=${url}/v1 WAVE_API_KEY=mock-key`);
    expect(out).toContain(`  WAVE_PROVIDER=anthropic WAVE_BASE_URL=${url} WAVE_API_KEY=mock-key`);

    await fetch(`${url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ model: 'c', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(err).toEqual(['#1 POST /v1/messages model=c → turn 0 (attempt 1)']);
  });

  it('falls back to the working directory for a relative path not found where the command was typed', async () => {
    const { io } = capture({ cwd: scenariosDir, invokedFrom: '/nonexistent' });
    const outcome = await runCli(['--scenario', 'faults.json'], io);
    expect(outcome.kind).toBe('serving');
    if (outcome.kind === 'serving') server = outcome.server;
  });

  it('exits 2 with one line for a bad flag', async () => {
    const { io, err } = capture();
    expect(await runCli(['--scenario', 'x.json', '--bogus'], io)).toEqual({
      kind: 'exit',
      code: 2,
    });
    expect(err).toEqual([
      'mock-llm: unknown flag --bogus (usage: mock-llm --scenario FILE [--port N] [--host HOST])',
    ]);
  });

  it('exits 2 with one line naming the bad field for a bad scenario file', async () => {
    const { io, err } = capture();
    const outcome = await runCli(['--scenario', '/nonexistent/missing.json'], io);
    expect(outcome).toEqual({ kind: 'exit', code: 2 });
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^mock-llm: invalid scenario \/nonexistent\/missing\.json: cannot be read/,
    );
  });

  it('exits 1 when the port cannot be bound', async () => {
    const first = await runCli(['--scenario', `${scenariosDir}simple-text.json`], capture().io);
    if (first.kind !== 'serving') throw new Error('expected to serve');
    server = first.server;
    const port = new URL(server.url).port;
    const { io, err } = capture();
    expect(
      await runCli(['--scenario', `${scenariosDir}simple-text.json`, '--port', port], io),
    ).toEqual({ kind: 'exit', code: 1 });
    expect(err[0]).toContain('EADDRINUSE');
  });
});
