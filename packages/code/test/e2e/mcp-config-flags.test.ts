// `--mcp-config FILE|JSON…` and `--strict-mcp-config` in the real `wave -p` against tools/mock-llm:
// the flag's servers start in a folder nobody trusted (the command line is the user's word), a
// JSON string works as a file does, --strict-mcp-config leaves out the configured servers, and a
// config that cannot be used stops wave before the model is called.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';

const NOTES_SERVER = fileURLToPath(
  new URL('./fixtures/claude-code-project/notes-server.mjs', import.meta.url),
);
const SLOW = { timeout: 90_000 };

const fx = useE2eFixture();

const JUST_ANSWER: Scenario = {
  name: 'answer',
  turns: [{ reply: [{ type: 'text', text: 'Hi.' }] }],
};

function config(name: string, greeting: string): string {
  return JSON.stringify({
    mcpServers: {
      [name]: { command: 'node', args: [NOTES_SERVER], env: { NOTES_GREETING: greeting } },
    },
  });
}

async function print(args: readonly string[]) {
  fx.mock ??= await startMock(JUST_ANSWER);
  return runWave(['-p', 'hello', ...args], {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('openai', fx.mock.url),
    }),
  });
}

/** The MCP tools offered in the first model request. */
function mcpTools(): string[] {
  const body = fx.mock?.requests[0]?.body as
    { tools?: { function: { name: string } }[] } | undefined;
  return (body?.tools ?? [])
    .map((tool) => tool.function.name)
    .filter((name) => name.startsWith('mcp__'));
}

describe('--mcp-config and --strict-mcp-config', SLOW, () => {
  it('starts the servers of a file and of a JSON string in an untrusted folder, beside the user’s', async () => {
    writeFileSync(join(fx.work.path, 'servers.json'), config('fromfile', 'file'));
    writeFileSync(join(fx.home.path, 'settings.json'), config('mine', 'mine'));
    const run = await print(['--mcp-config', 'servers.json', config('fromjson', 'json')]);
    expect(run.code, run.stderr).toBe(0);
    expect(mcpTools().sort()).toEqual(
      ['mcp__fromfile__add_note', 'mcp__fromjson__add_note', 'mcp__mine__add_note'].sort(),
    );
  });

  it('with --strict-mcp-config, uses only the flag’s servers', async () => {
    writeFileSync(join(fx.home.path, 'settings.json'), config('mine', 'mine'));
    const run = await print(['--strict-mcp-config', `--mcp-config=${config('only', 'x')}`]);
    expect(run.code, run.stderr).toBe(0);
    expect(mcpTools()).toEqual(['mcp__only__add_note']);
  });

  it('stops with a sentence (exit 2) when a config cannot be used, before any model call', async () => {
    const missing = await print(['--mcp-config', 'nowhere.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--mcp-config nowhere.json:');
    expect(missing.stderr).toContain('cannot be read');
    const bad = await print(['--mcp-config', '{"mcpServers": {"x": {"type": "http"}}}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('a "http" server needs "url"');
    expect(fx.mock?.requests).toHaveLength(0);
  });
});
